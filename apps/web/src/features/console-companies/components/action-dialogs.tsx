// The console's actions on a company or a token (design §11 "Screens"), each behind its confirmation:
// approve the upgrade with a plan, extend the trial, change the plan, suspend, reinstate, end a token's
// review. Fields are checked with the API's own schemas; the snackbar says the API's sentence (see
// components/console/console-action.ts; an extended trial's day in the page's words), a refusal stays in
// the dialog.
import {
  approveUpgradeRequestSchema,
  CONSOLE_MESSAGES,
  extendTrialRequestSchema,
  formatDay,
  MAX_TRIAL_EXTENSION_DAYS,
  REINSTATED_STATUSES,
  STANDARD_PLAN,
  TRIAL_PLAN,
  planDisplayName,
  planLimitsText,
  type ReinstatedStatus,
} from '@datafeeds/domain';
import * as calls from '@datafeeds/domain/calls/console-companies';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState, type FormEvent } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormTextField } from '@/components/form/form-text-field';
import { ActionDialog, ConfirmActionDialog } from '@/components/console/action-dialog';
import { mutationFailure, useConsoleAction } from '@/components/console/console-action';
import { usePlans } from '@/lib/console/use-plans';

const REINSTATED_ACCOUNT_LABELS: Readonly<Record<ReinstatedStatus, string>> = {
  trial: 'A trial account',
  paid: 'A paid account',
};

export interface CompanyTarget {
  id: string;
  name: string;
}

interface DialogProps {
  onClose: () => void;
}

const planFormSchema = approveUpgradeRequestSchema.pick({ plan: true });
type PlanForm = z.infer<typeof planFormSchema>;

/** The plans a company can be moved to: every plan but the trial's, and but `except`. */
function PlanField({
  control,
  except,
  busy,
}: {
  control: Control<PlanForm>;
  except?: string;
  busy: boolean;
}) {
  const plans = usePlans();
  const options = (plans.data?.plans ?? [])
    .filter((plan) => plan.name !== TRIAL_PLAN && plan.name !== except)
    .map((plan) => ({ value: plan.name, label: `${planDisplayName(plan.name)} (${planLimitsText(plan)})` }));
  return (
    <FormSelectField
      control={control}
      name="plan"
      label="Plan"
      options={options}
      hint={plans.isError ? 'The plans could not be loaded.' : undefined}
      required
      disabled={busy || plans.isPending}
    />
  );
}

export function ApproveUpgradeDialog({ company, onClose }: DialogProps & { company: CompanyTarget }) {
  const action = useConsoleAction(calls.approveUpgrade);
  const { control, handleSubmit } = useForm<PlanForm>({
    resolver: zodResolver(planFormSchema),
    defaultValues: { plan: STANDARD_PLAN },
  });
  const submit = handleSubmit(({ plan }) =>
    action.mutate({ companyId: company.id, plan }, { onSuccess: onClose }),
  );
  return (
    <ActionDialog
      open
      title="Approve the upgrade"
      text={
        <>
          <strong>{company.name}</strong> gets a paid account on the plan you choose; its tokens stop
          expiring.
        </>
      }
      confirmLabel="Approve"
      busy={action.isPending}
      failure={mutationFailure(action)}
      onSubmit={submit}
      onClose={onClose}
    >
      <PlanField control={control} busy={action.isPending} />
    </ActionDialog>
  );
}

export function ChangePlanDialog({
  company,
  currentPlan,
  onClose,
}: DialogProps & { company: CompanyTarget; currentPlan: string }) {
  const action = useConsoleAction(calls.changeCompanyPlan);
  const { control, handleSubmit } = useForm<PlanForm>({
    resolver: zodResolver(planFormSchema),
    defaultValues: { plan: '' },
  });
  const submit = handleSubmit(({ plan }) =>
    action.mutate({ companyId: company.id, plan }, { onSuccess: onClose }),
  );
  return (
    <ActionDialog
      open
      title="Change the plan"
      text={
        <>
          <strong>{company.name}</strong> is on the <strong>{currentPlan}</strong> plan. The data feed applies
          the new plan&apos;s limits within a second.
        </>
      }
      confirmLabel="Change plan"
      busy={action.isPending}
      failure={mutationFailure(action)}
      onSubmit={submit}
      onClose={onClose}
    >
      <PlanField control={control} except={currentPlan} busy={action.isPending} />
    </ActionDialog>
  );
}

const DAYS_MESSAGE = `Enter a whole number of days from 1 to ${MAX_TRIAL_EXTENSION_DAYS}.`;
/** The days as typed: digits, then the API's own rule once read as a number. */
const extendFormSchema = z.object({
  days: z
    .string()
    .trim()
    .refine(
      (typed) => /^\d+$/.test(typed) && extendTrialRequestSchema.shape.days.safeParse(Number(typed)).success,
      DAYS_MESSAGE,
    ),
});
const DEFAULT_EXTENSION_DAYS = '14';

export function ExtendTrialDialog({
  company,
  trialEndsOn,
  onClose,
}: DialogProps & { company: CompanyTarget; trialEndsOn: string | null }) {
  // The new end in the page's own words ("Jan 19, 2027"), not the API sentence's UTC "2027-01-19".
  const action = useConsoleAction(calls.extendTrial, ({ trialEndsAt }) =>
    CONSOLE_MESSAGES.trialExtended(company.name, formatDay(trialEndsAt)),
  );
  const { control, handleSubmit } = useForm<z.infer<typeof extendFormSchema>>({
    resolver: zodResolver(extendFormSchema),
    mode: 'onBlur',
    defaultValues: { days: DEFAULT_EXTENSION_DAYS },
  });
  const submit = handleSubmit(({ days }) =>
    action.mutate({ companyId: company.id, days: Number(days) }, { onSuccess: onClose }),
  );
  return (
    <ActionDialog
      open
      title="Extend the trial"
      text={
        <>
          The trial of <strong>{company.name}</strong>
          {trialEndsOn ? ` ends on ${trialEndsOn}` : ' has no end date'}. Its end (and its tokens&apos;) moves
          later by the days you enter; an ended trial restarts from today.
        </>
      }
      confirmLabel="Extend trial"
      busy={action.isPending}
      failure={mutationFailure(action)}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="days"
        label="Days"
        hint={`From 1 to ${MAX_TRIAL_EXTENSION_DAYS}.`}
        inputMode="numeric"
        autoComplete="off"
        required
        autoFocus
        disabled={action.isPending}
      />
    </ActionDialog>
  );
}

export function SuspendDialog({ company, onClose }: DialogProps & { company: CompanyTarget }) {
  return (
    <ConfirmActionDialog
      open
      call={calls.suspendCompany}
      body={{ companyId: company.id }}
      title="Suspend the company"
      text={
        <>
          Every token of <strong>{company.name}</strong> stops: the data feed refuses them within a second,
          until the company is reinstated.
        </>
      }
      confirmLabel="Suspend"
      confirmColor="error"
      onClose={onClose}
    />
  );
}

/**
 * Reinstating returns the company to the account it had before its suspension (design §11: paid stays
 * paid), which the dialog starts from; the team may choose the other.
 */
export function ReinstateDialog({
  company,
  suspendedFrom,
  onClose,
}: DialogProps & { company: CompanyTarget; suspendedFrom: ReinstatedStatus }) {
  const action = useConsoleAction(calls.reinstateCompany);
  const [to, setTo] = useState<ReinstatedStatus>(suspendedFrom);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    action.mutate({ companyId: company.id, to }, { onSuccess: onClose });
  };
  return (
    <ActionDialog
      open
      title="Reinstate the company"
      text={
        <>
          The suspension of <strong>{company.name}</strong> ends and its tokens verify again, on the account
          you choose. Before its suspension it had {REINSTATED_ACCOUNT_LABELS[suspendedFrom].toLowerCase()}.
        </>
      }
      confirmLabel="Reinstate"
      busy={action.isPending}
      failure={mutationFailure(action)}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormControl disabled={action.isPending}>
        <FormLabel id="reinstate-to-label">Reinstate on</FormLabel>
        <RadioGroup
          aria-labelledby="reinstate-to-label"
          name="to"
          value={to}
          onChange={(event) => setTo(event.target.value === 'paid' ? 'paid' : 'trial')}
        >
          {REINSTATED_STATUSES.map((status) => (
            <FormControlLabel
              key={status}
              value={status}
              control={<Radio />}
              label={REINSTATED_ACCOUNT_LABELS[status]}
            />
          ))}
        </RadioGroup>
      </FormControl>
    </ActionDialog>
  );
}

export function EndReviewDialog({
  token,
  companyName,
  onClose,
}: DialogProps & { token: { clientId: string; label: string }; companyName: string }) {
  return (
    <ConfirmActionDialog
      open
      call={calls.endTokenReview}
      body={{ clientId: token.clientId }}
      title="End the review"
      text={
        <>
          The token <strong>{token.label}</strong> of {companyName} (client ID {token.clientId}) becomes
          active.
        </>
      }
      confirmLabel="End review"
      onClose={onClose}
    />
  );
}
