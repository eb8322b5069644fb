// Plans (design §11 "Screens"): every plan's limits and the companies on it. Only an admin creates or
// edits a plan (CONSOLE_POLICY.managePlans); the data feeds apply a change within a second.
import { useState } from 'react';
import { CONSOLE_REFUSALS, type ConsolePlan } from '@datafeeds/domain';
import { GuardedButton, roleRefusal } from '../guarded-button';
import { useStaffMay } from '../tool-client';
import { ToolHeader } from '../tool-header';
import { ListState } from '../tool-states';
import { PlanDialog } from './plan-dialog';
import { usePlans } from './plans-api';
import { PlansTable } from './plans-table';

const PLANS_TITLE = 'Plans';

export function PlansScreen() {
  const plans = usePlans();
  const mayManage = useStaffMay('managePlans');
  // The plan the dialog is about (null: a new one); it stays set while the dialog fades out.
  const [editing, setEditing] = useState<ConsolePlan | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const list = plans.data?.plans ?? [];
  const openDialog = (plan: ConsolePlan | null) => {
    setEditing(plan);
    setDialogOpen(true);
  };
  return (
    <>
      <ToolHeader
        title={PLANS_TITLE}
        subtitle="Each plan limits a company's requests per UTC day and per second."
        action={
          <GuardedButton
            refusal={roleRefusal(mayManage, CONSOLE_REFUSALS.managePlans)}
            variant="contained"
            onClick={() => openDialog(null)}
          >
            Create plan
          </GuardedButton>
        }
      />
      <ListState
        query={plans}
        loadingLabel="Loading plans"
        failedText="The plans could not be loaded. Check your connection and try again."
        empty={list.length === 0}
        emptyText="No plans yet."
      >
        <PlansTable plans={list} mayManage={mayManage} onEdit={openDialog} />
      </ListState>
      <PlanDialog plan={editing} open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}
