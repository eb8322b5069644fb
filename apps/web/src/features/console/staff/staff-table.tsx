// The staff accounts, one row each: email ("You" for oneself), role, state, and the two changes an
// admin can make: disable the account (not one's own, not twice) and reset its authenticator.
import { CONSOLE_TOOL_MESSAGES, type ConsoleStaffMember } from '@datafeeds/domain';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { PermittedButton } from '../permitted-button';
import { ActionsCell, ConsoleTable } from '../console-table';
import { STAFF_ROLE_LABELS, STAFF_STATE_LABELS } from './staff-texts';

const COLUMNS = ['Email', 'Role', 'State', ''] as const;

function disableRefusal(member: ConsoleStaffMember, myId: string): string | null {
  if (member.id === myId) return CONSOLE_TOOL_MESSAGES.notYourself;
  return member.state === 'disabled' ? CONSOLE_TOOL_MESSAGES.staffAlreadyDisabled : null;
}

interface StaffTableProps {
  staff: readonly ConsoleStaffMember[];
  myId: string;
  onDisable: (member: ConsoleStaffMember) => void;
  onResetMfa: (member: ConsoleStaffMember) => void;
}

export function StaffTable({ staff, myId, onDisable, onResetMfa }: StaffTableProps) {
  return (
    <ConsoleTable label="Staff" columns={COLUMNS}>
      {staff.map((member) => (
        <TableRow key={member.id}>
          <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 200 }}>
            {member.email}
            {member.id === myId ? (
              <Chip label="You" size="small" color="primary" variant="outlined" sx={{ ml: 1 }} />
            ) : null}
          </TableCell>
          <TableCell>{STAFF_ROLE_LABELS[member.role]}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{STAFF_STATE_LABELS[member.state]}</TableCell>
          <ActionsCell>
            <PermittedButton
              action="manageStaff"
              variant="text"
              size="small"
              aria-label={`Reset MFA for ${member.email}`}
              onClick={() => onResetMfa(member)}
            >
              Reset MFA
            </PermittedButton>
            <PermittedButton
              action="manageStaff"
              refusal={disableRefusal(member, myId)}
              variant="text"
              size="small"
              color="error"
              aria-label={`Disable ${member.email}`}
              onClick={() => onDisable(member)}
            >
              Disable
            </PermittedButton>
          </ActionsCell>
        </TableRow>
      ))}
    </ConsoleTable>
  );
}
