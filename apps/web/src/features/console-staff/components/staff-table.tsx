// The staff accounts, one row each: email ("You" for oneself), role, state ("Locked until …" while
// failed sign-ins lock it out), and the changes an admin can make: unlock a locked account, reset its
// authenticator (not a disabled one's), and disable the account (not one's own) or enable it again.
import { CONSOLE_TOOL_MESSAGES, type ConsoleStaffMember } from '@datafeeds/domain';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { PermittedButton } from '@/components/console/permitted-button';
import { ActionsCell, ConsoleTable } from '@/components/console/console-table';
import { ConsoleTime } from '@/components/console/console-time';
import { STAFF_ROLE_LABELS, STAFF_STATE_LABELS } from './staff-texts';

const COLUMNS = ['Email', 'Role', 'State', ''] as const;

function StateCell({ member }: { member: ConsoleStaffMember }) {
  if (member.lockedUntil === null || member.state === 'disabled') return STAFF_STATE_LABELS[member.state];
  return (
    <>
      Locked until <ConsoleTime value={member.lockedUntil} />
    </>
  );
}

interface StaffTableProps {
  staff: readonly ConsoleStaffMember[];
  myId: string;
  onDisable: (member: ConsoleStaffMember) => void;
  onEnable: (member: ConsoleStaffMember) => void;
  onUnlock: (member: ConsoleStaffMember) => void;
  onResetMfa: (member: ConsoleStaffMember) => void;
}

export function StaffTable({ staff, myId, onDisable, onEnable, onUnlock, onResetMfa }: StaffTableProps) {
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
          <TableCell>
            <StateCell member={member} />
          </TableCell>
          <ActionsCell>
            {member.lockedUntil !== null && member.state !== 'disabled' ? (
              <PermittedButton
                action="manageStaff"
                variant="text"
                size="small"
                aria-label={`Unlock ${member.email}`}
                onClick={() => onUnlock(member)}
              >
                Unlock
              </PermittedButton>
            ) : null}
            <PermittedButton
              action="manageStaff"
              refusal={member.state === 'disabled' ? CONSOLE_TOOL_MESSAGES.staffDisabledNoReset : null}
              variant="text"
              size="small"
              aria-label={`Reset MFA for ${member.email}`}
              onClick={() => onResetMfa(member)}
            >
              Reset MFA
            </PermittedButton>
            {member.state === 'disabled' ? (
              <PermittedButton
                action="manageStaff"
                variant="text"
                size="small"
                aria-label={`Enable ${member.email}`}
                onClick={() => onEnable(member)}
              >
                Enable
              </PermittedButton>
            ) : (
              <PermittedButton
                action="manageStaff"
                refusal={member.id === myId ? CONSOLE_TOOL_MESSAGES.notYourself : null}
                variant="text"
                size="small"
                color="error"
                aria-label={`Disable ${member.email}`}
                onClick={() => onDisable(member)}
              >
                Disable
              </PermittedButton>
            )}
          </ActionsCell>
        </TableRow>
      ))}
    </ConsoleTable>
  );
}
