// Staff (design §11 "Staff accounts"): the provider team's console accounts. Admins only
// (CONSOLE_POLICY.manageStaff): support staff see the refusal and no list (the server refuses it too).
import { useState } from 'react';
import { CONSOLE_REFUSALS, type ConsoleStaffMember } from '@datafeeds/domain';
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ConfirmActionDialog } from '@/components/console/action-dialog';
import { useStaffMe } from '@/lib/console/use-staff-me';
import { ConsolePageHeader } from '@/components/console/console-page-header';
import { QueryState } from '@/components/console/query-state';
import { InviteStaffDialog } from './invite-staff-dialog';
import { useStaffList } from '../api/get-staff';
import { StaffTable } from './staff-table';

const STAFF_TITLE = 'Staff';

type Change = { kind: 'disable' | 'enable' | 'unlock' | 'resetMfa'; member: ConsoleStaffMember };

/** The confirmation of a change to a member, kept mounted so that it fades out with its words. */
function ChangeDialog({
  change,
  open,
  onClose,
}: {
  change: Change | null;
  open: boolean;
  onClose: () => void;
}) {
  const email = change?.member.email ?? '';
  const body = { id: change?.member.id ?? '' };
  if (change?.kind === 'enable')
    return (
      <ConfirmActionDialog
        open={open}
        onClose={onClose}
        title="Enable staff member"
        text={`${email} can sign in again with their password and authenticator. If they never finished setting up, a new setup link is emailed to them.`}
        confirmLabel="Enable"
        call={consoleTools.enableStaff}
        body={body}
      />
    );
  if (change?.kind === 'unlock')
    return (
      <ConfirmActionDialog
        open={open}
        onClose={onClose}
        title="Unlock staff member"
        text={`${email} was locked out after too many failed sign-ins. Unlock only if you know it was them: they can try again at once.`}
        confirmLabel="Unlock"
        call={consoleTools.unlockStaff}
        body={body}
      />
    );
  if (change?.kind === 'resetMfa')
    return (
      <ConfirmActionDialog
        open={open}
        onClose={onClose}
        title="Reset authenticator"
        text={`${email} is signed out, their authenticator and recovery codes stop working, and a new setup link is emailed to them.`}
        confirmLabel="Reset MFA"
        call={consoleTools.resetStaffMfa}
        body={body}
      />
    );
  return (
    <ConfirmActionDialog
      open={open}
      onClose={onClose}
      title="Disable staff member"
      text={`${email} is signed out everywhere at once and can no longer sign in to the console.`}
      confirmLabel="Disable"
      confirmColor="error"
      call={consoleTools.disableStaff}
      body={body}
    />
  );
}

export function StaffScreen() {
  const me = useStaffMe();
  const isAdmin = me.data?.role === 'admin';
  const staff = useStaffList(isAdmin);
  const [inviting, setInviting] = useState(false);
  const [change, setChange] = useState<Change | null>(null);
  const [changeOpen, setChangeOpen] = useState(false);
  const header = (
    <ConsolePageHeader
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
  const open = (kind: Change['kind']) => (member: ConsoleStaffMember) => {
    setChange({ kind, member });
    setChangeOpen(true);
  };
  return (
    <>
      {header}
      <QueryState query={me} loadingLabel="Loading staff" failedText="Your staff account could not be read.">
        {(member) =>
          member.role === 'admin' ? (
            <QueryState
              query={staff}
              loadingLabel="Loading staff"
              failedText="The staff accounts could not be loaded. Check your connection and try again."
              isEmpty={({ staff: list }) => list.length === 0}
              emptyText="No staff accounts."
            >
              {({ staff: list }) => (
                <StaffTable
                  staff={list}
                  myId={member.id}
                  onDisable={open('disable')}
                  onEnable={open('enable')}
                  onUnlock={open('unlock')}
                  onResetMfa={open('resetMfa')}
                />
              )}
            </QueryState>
          ) : (
            <Alert severity="info">{CONSOLE_REFUSALS.manageStaff}</Alert>
          )
        }
      </QueryState>
      <InviteStaffDialog open={inviting} onClose={() => setInviting(false)} />
      <ChangeDialog change={change} open={changeOpen} onClose={() => setChangeOpen(false)} />
    </>
  );
}
