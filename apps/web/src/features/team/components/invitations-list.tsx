// Invitations not yet answered: who was invited, as what, by whom, and until when the link works. An
// expired one says so and can be sent again (a resend gives a new link and a new 7 days).
import { useState } from 'react';
import { COMPANY_ROLE_LABELS, formatDate, type PendingInvitation } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useResendInvitation, useRevokeInvitation } from '../api/team-changes';
import { useChangeFeedback } from './change-feedback';
import { EXPIRED, NO_INVITATIONS, resentText, revokedText } from './team-texts';

interface InvitationRowProps {
  invitation: PendingInvitation;
  canManage: boolean;
  /** When the page opened: an invitation past its end then shows "Expired". */
  now: number;
}

function InvitationRow({ invitation, canManage, now }: InvitationRowProps) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const feedback = useChangeFeedback();
  const expired = Date.parse(invitation.expiresAt) <= now;
  const busy = resend.isPending || revoke.isPending;
  return (
    <Box
      component="li"
      aria-label={invitation.email}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        px: 2,
        py: 1.5,
        '& + li': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invitation.email}</Typography>
        <Typography variant="body2" color="text.secondary">
          {COMPANY_ROLE_LABELS[invitation.role]}
          {invitation.invitedBy ? ` · invited by ${invitation.invitedBy}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          {expired ? (
            <Chip label={EXPIRED} size="small" color="warning" variant="outlined" />
          ) : (
            `Expires ${formatDate(invitation.expiresAt)}`
          )}
        </Typography>
      </Box>
      {canManage ? (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            aria-label={`Resend the invitation to ${invitation.email}`}
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: () => feedback.onSuccess(resentText(invitation.email)),
                onError: feedback.onError,
              })
            }
          >
            Resend
          </Button>
          <Button
            size="small"
            color="error"
            disabled={busy}
            aria-label={`Revoke the invitation to ${invitation.email}`}
            onClick={() =>
              revoke.mutate(invitation.id, {
                onSuccess: () => feedback.onSuccess(revokedText(invitation.email)),
                onError: feedback.onError,
              })
            }
          >
            Revoke
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

export function InvitationsList({
  invitations,
  canManage,
}: {
  invitations: readonly PendingInvitation[];
  canManage: boolean;
}) {
  const [now] = useState(() => Date.now());
  if (invitations.length === 0) return <Typography color="text.secondary">{NO_INVITATIONS}</Typography>;
  return (
    <Paper
      variant="outlined"
      component="ul"
      aria-label="Pending invitations"
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {invitations.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} canManage={canManage} now={now} />
      ))}
    </Paper>
  );
}
