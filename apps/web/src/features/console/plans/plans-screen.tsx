// Plans (design §11 "Screens"): every plan's limits and the companies on it. Only an admin creates or
// edits a plan (CONSOLE_POLICY.managePlans); the data feeds apply a change within a second.
import { useId, useState } from 'react';
import type { ConsolePlan } from '@datafeeds/domain';
import { usePlans } from '../console-queries';
import { PermittedButton, RefusalNote } from '../permitted-button';
import { ToolHeader } from '../tool-header';
import { ListState } from '../tool-states';
import { PlanDialog } from './plan-dialog';
import { PlansTable } from './plans-table';

const PLANS_TITLE = 'Plans';

export function PlansScreen() {
  const plans = usePlans();
  // The role's refusal is said once, above the table, for the screen's every button.
  const reasonId = useId();
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
          <PermittedButton
            action="managePlans"
            reasonId={reasonId}
            variant="contained"
            onClick={() => openDialog(null)}
          >
            Create plan
          </PermittedButton>
        }
      />
      <RefusalNote action="managePlans" id={reasonId} />
      <ListState
        query={plans}
        loadingLabel="Loading plans"
        failedText="The plans could not be loaded. Check your connection and try again."
        empty={list.length === 0}
        emptyText="No plans yet."
      >
        <PlansTable plans={list} reasonId={reasonId} onEdit={openDialog} />
      </ListState>
      <PlanDialog plan={editing} open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}
