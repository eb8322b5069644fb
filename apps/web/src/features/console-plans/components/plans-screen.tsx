// Plans (design §11 "Screens"): every plan's limits and the companies on it. Only an admin creates or
// edits a plan (CONSOLE_POLICY.managePlans); the data feeds apply a change within a second.
import { useId, useState } from 'react';
import type { ConsolePlan } from '@datafeeds/domain';
import { usePlans } from '@/lib/console/use-plans';
import { ConsolePageHeader } from '@/components/console/console-page-header';
import { QueryState } from '@/components/console/query-state';
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
  const openDialog = (plan: ConsolePlan | null) => {
    setEditing(plan);
    setDialogOpen(true);
  };
  return (
    <>
      <ConsolePageHeader
        title={PLANS_TITLE}
        subtitle="Each plan limits a company's requests per UTC day and per second."
        mainAction={{
          action: 'managePlans',
          label: 'Create plan',
          onClick: () => openDialog(null),
          reasonId,
        }}
      />
      <QueryState
        query={plans}
        loadingLabel="Loading plans"
        failedText="The plans could not be loaded. Check your connection and try again."
        isEmpty={({ plans: list }) => list.length === 0}
        emptyText="No plans yet."
      >
        {({ plans: list }) => <PlansTable plans={list} reasonId={reasonId} onEdit={openDialog} />}
      </QueryState>
      <PlanDialog plan={editing} open={dialogOpen} onClose={() => setDialogOpen(false)} />
    </>
  );
}
