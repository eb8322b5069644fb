// Staff (design §11 "Staff accounts"): the provider team's console accounts. Admins only
// (CONSOLE_POLICY.manageStaff): support staff see the refusal and no list (the server refuses it too).
import { useState } from 'react';
import { CONSOLE_REFUSALS, type ConsoleStaffMember } from '@datafeeds/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { toolKeys, useStaffMe } from '../tool-client';
import { ToolHeader } from '../tool-header';
import { ListState } from '../tool-states';
import { InviteStaffDialog } from './invite-staff-dialog';
import { disableStaff, resetStaffMfa, useStaffList } from './staff-api';
import { StaffTable } from './staff-table';

const STAFF_TITLE = 'Staff';

type Change = { kind: 'disable' | 'resetMfa'; member: ConsoleStaffMember };

function changeDialog(change: Change | null) {
  const email = change?.member.email ?? '';
  const id = change?.member.id ?? '';
  if (change?.kind === 'resetMfa')
    return {
      title: 'Reset authenticator',
      text: `${email} is signed out, their authenticator and recovery codes stop working, and a new setup link is emailed to them.`,
      confirmLabel: 'Reset MFA',
      color: 'primary' as const,
      action: () => resetStaffMfa(id),
    };
  return {
    title: 'Disable staff member',
    text: `${email} is signed out everywhere at once and can no longer sign in to the console.`,
    confirmLabel: 'Disable',
    color: 'error' as const,
    action: () => disableStaff(id),
  };
}

export function StaffScreen() {
  const me = useStaffMe();
  const isAdmin = me.data?.role === 'admin';
  const staff = useStaffList(isAdmin);
  const [inviting, setInviting] = useState(false);
  const [change, setChange] = useState<Change | null>(null);
  const [changeOpen, setChangeOpen] = useState(false);
  const header = (
    <ToolHeader
      title={STAFF_TITLE}
      subtitle="The provider team's console accounts: support helps companies, admins also manage the console."
      action={
        isAdmin ? (
          <Button variant="contained" onClick={() => setInviting(true)}>
            Invite staff member
          </Button>
        ) : null
      }
    />
  );
  if (me.isPending)
    return (
      <>
        {header}
        <PageSpinner label="Loading staff" />
      </>
    );
  if (me.isError)
    return (
      <>
        {header}
        <LoadFailedAlert onRetry={() => void me.refetch()}>
          Your staff account could not be read.
        </LoadFailedAlert>
      </>
    );
  if (!isAdmin)
    return (
      <>
        {header}
        <Alert severity="info">{CONSOLE_REFUSALS.manageStaff}</Alert>
      </>
    );
  const list = staff.data?.staff ?? [];
  const open = (kind: Change['kind']) => (member: ConsoleStaffMember) => {
    setChange({ kind, member });
    setChangeOpen(true);
  };
  return (
    <>
      {header}
      <ListState
        query={staff}
        loadingLabel="Loading staff"
        failedText="The staff accounts could not be loaded. Check your connection and try again."
        empty={list.length === 0}
        emptyText="No staff accounts."
      >
        <StaffTable
          staff={list}
          myId={me.data.id}
          onDisable={open('disable')}
          onResetMfa={open('resetMfa')}
        />
      </ListState>
      <InviteStaffDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmActionDialog
        open={changeOpen}
        onClose={() => setChangeOpen(false)}
        invalidates={[toolKeys.staff]}
        {...changeDialog(change)}
      />
    </>
  );
}
