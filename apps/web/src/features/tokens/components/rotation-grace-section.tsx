// The old secret of a rotation with a grace period (design §9), on the new token's details:
// which one it is, when it stops, the requests it still served since the rotation (so the user sees
// traffic move to the new secret), and a way to stop it now. Ending it is an admin's or the owner's
// decision, like the rotation itself: a member sees why the button is off.
import { useState } from 'react';
import {
  ROLE_REFUSALS,
  formatDateTime,
  formatRelativeTime,
  roleMay,
  type Client,
  type RotationGrace,
} from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useUser } from '@/lib/account/user';
import { useEndRotationGrace } from '../api/end-rotation-grace';
import { closeUnlessBackdrop } from './irreversible-warning';
import { displayClientId } from './token-name';

export const GRACE_HEADING = 'Old secret still working';
export const END_GRACE_BUTTON = 'Stop old secret now';
export const END_GRACE_TITLE = 'Stop the old secret now?';
export const endGraceSuccessMessage = (label: string) => `The old secret of ${label} stopped working`;
export const endGraceFailureMessage = (label: string) => `Failed to stop the old secret of ${label}`;

const requestsSinceRotation = (count: number) =>
  `${count.toLocaleString()} ${count === 1 ? 'request' : 'requests'} since rotation`;

/** "Stops working 25 Nov 2026, 10:15 (in 59 minutes)". */
const stopsWorkingText = (endsAt: string, now = new Date()) =>
  `Stops working ${formatDateTime(endsAt)} (${formatRelativeTime(endsAt, now)})`;

function EndGraceDialog({
  client,
  grace,
  open,
  onClose,
}: {
  client: Client;
  grace: RotationGrace;
  open: boolean;
  onClose: () => void;
}) {
  const ending = useEndRotationGrace();
  const showSnackbar = useSnackbar();
  const busy = ending.isPending;
  const confirm = () =>
    ending.mutate(client.id, {
      onSuccess: () => showSnackbar(endGraceSuccessMessage(client.label)),
      onError: () => showSnackbar(endGraceFailureMessage(client.label), 'error'),
      onSettled: onClose,
    });
  return (
    <Dialog
      open={open}
      onClose={closeUnlessBackdrop(onClose, busy)}
      aria-labelledby="end-grace-title"
      aria-describedby="end-grace-text"
    >
      <DialogTitle id="end-grace-title">{END_GRACE_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="end-grace-text">
          The old Client Secret of <strong>{client.label}</strong> (Client ID{' '}
          {displayClientId(grace.clientId)}) stops working at once: apps still using it are refused. Only the
          new secret works from then on. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button onClick={confirm} disabled={busy} variant="contained" color="error">
          Stop old secret
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function RotationGraceSection({ client }: { client: Client }) {
  const { data: user } = useUser();
  const [confirming, setConfirming] = useState(false);
  const grace = client.rotationGrace;
  if (grace === null) return null;
  const mayEnd = roleMay(user?.role, 'rotateToken');
  // The reason shows once the user's role is known, not while it loads.
  const refused = user !== undefined && !mayEnd;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="rotation-grace-heading"
      sx={{ p: { xs: 2, md: 3 }, mt: 3, borderColor: 'warning.main', minWidth: 0 }}
    >
      <Typography id="rotation-grace-heading" variant="h5" component="h2">
        {GRACE_HEADING}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        This token was rotated with a grace period: its old Client Secret still works until the time below, so
        move your apps to the new one before then.
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 2, '& li': { mb: 0.5, overflowWrap: 'anywhere' } }}>
        <li>
          Old Client ID{' '}
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {displayClientId(grace.clientId)}
          </Box>
        </li>
        <li>
          <time dateTime={grace.endsAt}>{stopsWorkingText(grace.endsAt)}</time>
        </li>
        <li>
          {requestsSinceRotation(grace.requestsSinceRotation)}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            (the last second's may still be on their way)
          </Typography>
        </li>
      </Box>
      <Button
        variant="outlined"
        color="error"
        disabled={!mayEnd}
        onClick={() => setConfirming(true)}
        aria-describedby={refused ? 'rotation-grace-refusal' : undefined}
      >
        {END_GRACE_BUTTON}
      </Button>
      {refused ? (
        <Typography id="rotation-grace-refusal" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {ROLE_REFUSALS.rotateToken}
        </Typography>
      ) : null}
      <EndGraceDialog client={client} grace={grace} open={confirming} onClose={() => setConfirming(false)} />
    </Paper>
  );
}
