// The plans, one row each: name, requests per UTC day and per second ("Unlimited" for none), and how
// many companies are on it. The trial plan's limits come from the server's environment: not editable.
import { CONSOLE_REFUSALS, CONSOLE_TOOL_MESSAGES, type ConsolePlan } from '@datafeeds/domain';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { GuardedButton } from '../guarded-button';
import { ActionsCell, ToolTable } from '../tool-table';

const COLUMNS = ['Name', 'Daily quota', 'Rate per second', 'Companies', ''] as const;

const limitText = (limit: number | null) => (limit === null ? 'Unlimited' : limit.toLocaleString('en-US'));

/** Why the plan cannot be edited by this member, or null when it can (undefined: not known yet). */
function editRefusal(plan: ConsolePlan, mayManage: boolean | undefined): string | null | undefined {
  if (mayManage === undefined) return undefined;
  if (!mayManage) return CONSOLE_REFUSALS.managePlans;
  return plan.editable ? null : CONSOLE_TOOL_MESSAGES.trialPlanFromEnvironment;
}

interface PlansTableProps {
  plans: readonly ConsolePlan[];
  mayManage: boolean | undefined;
  onEdit: (plan: ConsolePlan) => void;
}

export function PlansTable({ plans, mayManage, onEdit }: PlansTableProps) {
  return (
    <ToolTable label="Plans" columns={COLUMNS}>
      {plans.map((plan) => (
        <TableRow key={plan.name}>
          <TableCell sx={{ fontFamily: 'monospace' }}>{plan.name}</TableCell>
          <TableCell align="right">{limitText(plan.dailyQuota)}</TableCell>
          <TableCell align="right">{limitText(plan.ratePerSecond)}</TableCell>
          <TableCell align="right">{plan.companies.toLocaleString('en-US')}</TableCell>
          <ActionsCell>
            <GuardedButton
              refusal={editRefusal(plan, mayManage)}
              size="small"
              aria-label={`Edit plan ${plan.name}`}
              onClick={() => onEdit(plan)}
            >
              Edit
            </GuardedButton>
          </ActionsCell>
        </TableRow>
      ))}
    </ToolTable>
  );
}
