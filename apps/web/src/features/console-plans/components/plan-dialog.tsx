// "Create plan" and "Edit plan" (design §11 "Screens"): a name (fixed once created) and two limits, each a
// whole number or "Unlimited". Checked as the server checks it; a refusal about a field (a name taken,
// a limit out of range) lands on that field, any other above the form.
import { useEffect, useMemo } from 'react';
import {
  CONSOLE_TOOL_MESSAGES,
  MAX_PLAN_DAILY_QUOTA,
  MAX_PLAN_RATE_PER_SECOND,
  type ConsolePlan,
} from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { formDialogClose } from '@/components/form/form-dialog-close';
import { FormCheckbox } from '@/components/form/form-checkbox';
import { FormDialog } from '@/components/form/form-dialog';
import { FormTextField } from '@/components/form/form-text-field';
import { mutationFailure } from '@/components/console/console-action';
import { placeRefusals } from '@/components/console/form-refusals';
import {
  PLAN_FIELDS,
  planFormSchema,
  planFormValues,
  planRequestOf,
  type LimitField,
  type PlanFormValues,
} from './plan-form';
import { useSavePlan } from '../api/save-plan';

const CREATE_PLAN_TITLE = 'Create plan';
const editPlanTitle = (name: string) => `Edit plan ${name}`;

const LIMITS: Record<LimitField, { label: string; unlimitedLabel: string; max: number }> = {
  dailyQuota: {
    label: 'Requests per UTC day',
    unlimitedLabel: 'Unlimited requests per UTC day',
    max: MAX_PLAN_DAILY_QUOTA,
  },
  ratePerSecond: {
    label: 'Requests per second',
    unlimitedLabel: 'Unlimited requests per second',
    max: MAX_PLAN_RATE_PER_SECOND,
  },
};

interface PlanDialogProps {
  /** The plan to edit, or null to create one. */
  plan: ConsolePlan | null;
  open: boolean;
  onClose: () => void;
}

function LimitInput({
  control,
  field,
  unlimited,
  disabled,
}: {
  control: Control<PlanFormValues>;
  field: LimitField;
  unlimited: boolean;
  disabled: boolean;
}) {
  const { label, unlimitedLabel, max } = LIMITS[field];
  return (
    <Box sx={{ mb: 1 }}>
      <FormTextField
        control={control}
        name={field}
        label={label}
        inputMode="numeric"
        autoComplete="off"
        hint={`A whole number from 1 to ${max.toLocaleString('en-US')}.`}
        disabled={disabled || unlimited}
      />
      <FormCheckbox control={control} name={`${field}Unlimited`} label={unlimitedLabel} disabled={disabled} />
    </Box>
  );
}

export function PlanDialog({ plan, open, onClose }: PlanDialogProps) {
  const editing = plan !== null;
  const save = useSavePlan(editing);
  const showSnackbar = useSnackbar();
  const { control, handleSubmit, setError, reset, clearErrors } = useForm<PlanFormValues>({
    resolver: zodResolver(planFormSchema(editing)),
    mode: 'onBlur',
    values: useMemo(() => planFormValues(plan), [plan]),
  });
  const busy = save.isPending;
  const title = plan ? editPlanTitle(plan.name) : CREATE_PLAN_TITLE;
  const close = formDialogClose(busy, onClose, reset, save.reset);
  const dailyUnlimited = useWatch({ control, name: 'dailyQuotaUnlimited' });
  const rateUnlimited = useWatch({ control, name: 'ratePerSecondUnlimited' });
  // An unlimited limit has no number to be wrong about.
  useEffect(() => {
    if (dailyUnlimited) clearErrors('dailyQuota');
  }, [dailyUnlimited, clearErrors]);
  useEffect(() => {
    if (rateUnlimited) clearErrors('ratePerSecond');
  }, [rateUnlimited, clearErrors]);

  const onSubmit = handleSubmit((values) => {
    const body = planRequestOf(values);
    save.mutate(body, {
      onSuccess: () => {
        showSnackbar(
          editing
            ? CONSOLE_TOOL_MESSAGES.planUpdated(body.name)
            : CONSOLE_TOOL_MESSAGES.planCreated(body.name),
        );
        reset();
        onClose();
      },
      onError: (error) => {
        // A name already taken is about the name (only a new plan names one).
        if (placeRefusals(error, PLAN_FIELDS, setError, editing ? undefined : 'name')) save.reset();
      },
    });
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={title}
      description={
        plan
          ? CONSOLE_TOOL_MESSAGES.planEditReaches(plan.companies)
          : 'A plan limits the requests of all the tokens of a company together, per UTC day and per second.'
      }
      onSubmit={onSubmit}
      submitLabel={editing ? 'Save changes' : 'Create plan'}
      busy={busy}
      failure={mutationFailure(save)}
    >
      <FormTextField
        control={control}
        name="name"
        label="Name"
        autoComplete="off"
        hint={editing ? 'A plan keeps its name.' : 'Lower-case letters, digits and dashes.'}
        readOnly={editing}
        autoFocus={!editing}
        disabled={busy}
      />
      <LimitInput control={control} field="dailyQuota" unlimited={dailyUnlimited} disabled={busy} />
      <LimitInput control={control} field="ratePerSecond" unlimited={rateUnlimited} disabled={busy} />
    </FormDialog>
  );
}
