// The Team page's body (design §9): members, then pending invitations. Admins and the owner get the
// invite button and each row's actions; a member sees the same lists read-only, with the reason.
import { useState } from 'react';
import type { TeamMember, User } from '@datafeeds/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PersonAddOutlined from '@/components/icons/person-add-outlined';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { permissionFor } from '@/lib/account/use-permission';
import { useTeam } from '../api/get-team';
import { InvitationsList } from './invitations-list';
import { InviteMemberDialog } from './invite-member-dialog';
import { RemoveMemberDialog, TransferOwnershipDialog } from './member-confirm-dialogs';
import { MembersList } from './members-list';
import { INVITATIONS_HEADING, INVITE_BUTTON, MEMBERS_HEADING, TEAM_LOAD_FAILED } from './team-texts';

interface MemberDialog {
  kind: 'remove' | 'owner';
  member: TeamMember;
  open: boolean;
}

export function TeamOverview({ user }: { user: User }) {
  const teamQuery = useTeam();
  const manage = permissionFor(user.role, 'manageTeam');
  const canTransferOwnership = permissionFor(user.role, 'transferOwnership').allowed;
  const [inviting, setInviting] = useState(false);
  const [dialog, setDialog] = useState<MemberDialog | null>(null);
  const closeDialog = () => setDialog((current) => current && { ...current, open: false });

  if (teamQuery.isPending) return <PageSpinner label="Loading the team" />;
  if (teamQuery.isError)
    return <LoadFailedAlert onRetry={() => void teamQuery.refetch()}>{TEAM_LOAD_FAILED}</LoadFailedAlert>;
  const { members, invitations } = teamQuery.data;

  return (
    <Box sx={{ display: 'grid', gap: 4, maxWidth: 960, minWidth: 0 }}>
      {manage.allowed ? null : <Alert severity="info">{manage.reason}</Alert>}
      <Box component="section" aria-labelledby="members-heading" sx={{ minWidth: 0 }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            mb: 2,
          }}
        >
          <Typography id="members-heading" variant="h3" component="h2">
            {MEMBERS_HEADING} ({members.length})
          </Typography>
          {manage.allowed ? (
            <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => setInviting(true)}>
              {INVITE_BUTTON}
            </Button>
          ) : null}
        </Box>
        <MembersList
          members={members}
          currentUserId={user.id}
          canManage={manage.allowed}
          canTransferOwnership={canTransferOwnership}
          onRemove={(member) => setDialog({ kind: 'remove', member, open: true })}
          onMakeOwner={(member) => setDialog({ kind: 'owner', member, open: true })}
        />
      </Box>
      <Box component="section" aria-labelledby="invitations-heading" sx={{ minWidth: 0 }}>
        <Typography id="invitations-heading" variant="h3" component="h2" sx={{ mb: 2 }}>
          {INVITATIONS_HEADING}
        </Typography>
        <InvitationsList invitations={invitations} canManage={manage.allowed} />
      </Box>
      {manage.allowed ? <InviteMemberDialog open={inviting} onClose={() => setInviting(false)} /> : null}
      <RemoveMemberDialog
        member={dialog?.kind === 'remove' ? dialog.member : null}
        open={dialog?.kind === 'remove' && dialog.open}
        onClose={closeDialog}
      />
      <TransferOwnershipDialog
        member={dialog?.kind === 'owner' ? dialog.member : null}
        open={dialog?.kind === 'owner' && dialog.open}
        onClose={closeDialog}
      />
    </Box>
  );
}
