// The plans, one row each: name, requests per UTC day and per second ("Unlimited" for none), and how
// many companies are on it, linked to the companies list filtered by the plan (design §11 "Screens").
// The trial plan's limits come from the server's environment: not editable.
import { CONSOLE_TOOL_MESSAGES, planDisplayName, type ConsolePlan } from '@datafeeds/domain';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { companiesSearch } from '@/lib/console/companies-search';
import { PermittedButton } from '@/components/console/permitted-button';
import { limitText } from '@/components/console/console-texts';
import { ActionsCell, ConsoleTable } from '@/components/console/console-table';

const COLUMNS = ['Name', 'Daily quota', 'Rate per second', 'Companies', ''] as const;

interface PlansTableProps {
  plans: readonly ConsolePlan[];
  /** The id of the role's refusal, said once above the table (RefusalNote). */
  reasonId: string;
  onEdit: (plan: ConsolePlan) => void;
}

export function PlansTable({ plans, reasonId, onEdit }: PlansTableProps) {
  return (
    <ConsoleTable label="Plans" columns={COLUMNS}>
      {plans.map((plan) => (
        <TableRow key={plan.name}>
          <TableCell>{planDisplayName(plan.name)}</TableCell>
          <TableCell align="right">{limitText(plan.dailyQuota)}</TableCell>
          <TableCell align="right">{limitText(plan.ratePerSecond)}</TableCell>
          <TableCell align="right">
            <Link
              component={RouterLink}
              to={companiesSearch({ plan: plan.name })}
              fontWeight={600}
              // The figure alone would be read as "3": the name says what the list is.
              aria-label={`${plan.companies.toLocaleString('en-US')} ${
                plan.companies === 1 ? 'company' : 'companies'
              } on ${planDisplayName(plan.name)}`}
            >
              {plan.companies.toLocaleString('en-US')}
            </Link>
          </TableCell>
          <ActionsCell>
            <PermittedButton
              action="managePlans"
              reasonId={reasonId}
              // The trial plan's limits come from the server's environment.
              refusal={plan.editable ? null : CONSOLE_TOOL_MESSAGES.trialPlanFromEnvironment}
              variant="text"
              size="small"
              aria-label={`Edit plan ${plan.name}`}
              onClick={() => onEdit(plan)}
            >
              Edit
            </PermittedButton>
          </ActionsCell>
        </TableRow>
      ))}
    </ConsoleTable>
  );
}
