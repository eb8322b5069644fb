// A company's actions (design §11 "Screens"), each offered only when it applies to the company as it is
// (an upgrade to approve, a trial to extend, a suspension to lift...) and disabled with the policy's
// reason when the member's role may not do it.
import { useState } from 'react';
import { formatDay, type ConsoleCompany } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import { PermittedButton } from '@/components/console/permitted-button';
import {
  ApproveUpgradeDialog,
  ChangePlanDialog,
  ExtendTrialDialog,
  ReinstateDialog,
  SuspendDialog,
} from './action-dialogs';

type CompanyAction = 'approve' | 'extend' | 'plan' | 'suspend' | 'reinstate';

export function CompanyActions({ page }: { page: ConsoleCompany }) {
  const [open, setOpen] = useState<CompanyAction | null>(null);
  const { company } = page;
  const target = { id: company.id, name: company.name };
  const close = () => setOpen(null);
  const status = company.accountStatus;
  return (
    <>
      <Box
        role="group"
        aria-label="Actions on the company"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 3 }}
      >
        {/* A suspended company's upgrade waits for its reinstatement (the server refuses it meanwhile). */}
        {page.upgradeRequest && status !== 'suspended' ? (
          <PermittedButton action="approveUpgrade" variant="contained" onClick={() => setOpen('approve')}>
            Approve upgrade
          </PermittedButton>
        ) : null}
        {status === 'trial' ? (
          <PermittedButton action="extendTrial" onClick={() => setOpen('extend')}>
            Extend trial
          </PermittedButton>
        ) : null}
        {/* A trial company is on the trial plan until its upgrade is approved. */}
        {status === 'trial' ? null : (
          <PermittedButton action="changePlan" onClick={() => setOpen('plan')}>
            Change plan
          </PermittedButton>
        )}
        {status === 'suspended' ? (
          <PermittedButton action="reinstateCompany" onClick={() => setOpen('reinstate')}>
            Reinstate
          </PermittedButton>
        ) : (
          <PermittedButton action="suspendCompany" color="error" onClick={() => setOpen('suspend')}>
            Suspend
          </PermittedButton>
        )}
      </Box>
      {open === 'approve' ? <ApproveUpgradeDialog company={target} onClose={close} /> : null}
      {open === 'extend' ? (
        <ExtendTrialDialog
          company={target}
          trialEndsOn={company.trialEndsAt ? formatDay(company.trialEndsAt) : null}
          onClose={close}
        />
      ) : null}
      {open === 'plan' ? (
        <ChangePlanDialog company={target} currentPlan={company.plan} onClose={close} />
      ) : null}
      {open === 'suspend' ? <SuspendDialog company={target} onClose={close} /> : null}
      {open === 'reinstate' ? (
        <ReinstateDialog company={target} suspendedFrom={page.suspendedFrom ?? 'trial'} onClose={close} />
      ) : null}
    </>
  );
}
