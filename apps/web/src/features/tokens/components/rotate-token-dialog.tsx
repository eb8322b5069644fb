import { useState } from 'react';
import {
  MESSAGES,
  ROTATION_GRACE_LABELS,
  ROTATION_GRACE_PERIODS,
  formatDateTime,
  rotateFailureMessage,
  rotateSuccessMessage,
  shortClientId,
  type Client,
  type RotationGracePeriod,
} from '@datafeeds/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useQueryClient } from '@tanstack/react-query';
import { ClientCredentials } from '@/components/credentials/client-credentials';
import { LeaveWithoutCopyingDialog } from '@/components/credentials/leave-without-copying-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { refreshTokensAfterChange } from '../api/keys';
import { useRotateClient } from '../api/rotate-client';
import { closeUnlessBackdrop, IrreversibleWarning } from './irreversible-warning';
import { displayClientId, TokenName } from './token-name';

export const GRACE_QUESTION = 'When should the old secret stop working?';
export const OLD_SECRET_STOPPED = 'The old Client Secret has stopped working.';
export const oldSecretWorksUntilText = (endsAt: string) =>
  `The old Client Secret keeps working until ${formatDateTime(endsAt)}.`;
export const CUT_OLD_SECRET_CONFIRM = 'Stop that old secret now and rotate';
/** A rotation ends the grace period of the secret the last one replaced (design §9): asked first. */
export const cutOldSecretWarning = (shortId: string, endsAt: string) =>
  `The old Client Secret of this token's last rotation (Client ID ${shortId}) still works until ${formatDateTime(endsAt)}. Rotating again stops it at once, whatever you choose above.`;

const isGracePeriod = (value: string): value is RotationGracePeriod =>
  (ROTATION_GRACE_PERIODS as readonly string[]).includes(value);

/** The choice of when the old secret stops (design §9): at once, the default, or after a grace period. */
function GracePeriodChoice({
  value,
  onChange,
  disabled,
}: {
  value: RotationGracePeriod;
  onChange: (value: RotationGracePeriod) => void;
  disabled: boolean;
}) {
  return (
    <FormControl disabled={disabled} sx={{ mt: 2 }}>
      <FormLabel id="rotate-grace-label">{GRACE_QUESTION}</FormLabel>
      <RadioGroup
        aria-labelledby="rotate-grace-label"
        name="gracePeriod"
        value={value}
        onChange={(event) => {
          if (isGracePeriod(event.target.value)) onChange(event.target.value);
        }}
      >
        {ROTATION_GRACE_PERIODS.map((period) => (
          <FormControlLabel
            key={period}
            value={period}
            // The choice has the focus first, so it comes before Rotate in the tab order.
            control={<Radio autoFocus={period === value} />}
            label={ROTATION_GRACE_LABELS[period]}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** When the current credentials stop, as the dialog's explanation says it. */
const stopsWorking = (gracePeriod: RotationGracePeriod) =>
  gracePeriod === 'none' ? 'at once' : ROTATION_GRACE_LABELS[gracePeriod].toLowerCase();

interface RotateTokenDialogProps {
  client: Client;
  open: boolean;
  /** `rotated` tells whether the old token is gone (the dialog showed the new credentials). */
  onClose: (rotated: boolean) => void;
}

export function RotateTokenDialog({ client, open, onClose }: RotateTokenDialogProps) {
  const rotation = useRotateClient();
  const showSnackbar = useSnackbar();
  const credentials = rotation.data;
  const busy = rotation.isPending;
  const queryClient = useQueryClient();
  const [secretCopied, setSecretCopied] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [gracePeriod, setGracePeriod] = useState<RotationGracePeriod>('none');
  // An old secret of the last rotation still working is cut by this one: the user says so first.
  const [openedAt] = useState(() => Date.now());
  const runningGrace =
    client.rotationGrace && Date.parse(client.rotationGrace.endsAt) > openedAt ? client.rotationGrace : null;
  const [cutConfirmed, setCutConfirmed] = useState(false);

  // Spec §4: closing reloads the list; reloading earlier would change the table under the open dialog.
  const finish = () => {
    refreshTokensAfterChange(queryClient, client.id);
    onClose(true);
  };
  const closeCredentials = () => (secretCopied ? finish() : setConfirmingClose(true));

  const confirm = () => {
    track(EVENTS.submittedTokenRotation);
    rotation.mutate(
      { clientId: client.id, gracePeriod },
      {
        onSuccess: () => showSnackbar(rotateSuccessMessage(client.label)),
        onError: () => {
          showSnackbar(rotateFailureMessage(client.label, shortClientId(client.id)), 'error');
          onClose(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      // The new secret is shown once: only the explicit Close button leaves it.
      onClose={closeUnlessBackdrop(() => onClose(false), busy || credentials !== undefined)}
      aria-labelledby="rotate-token-title"
      aria-describedby="rotate-token-text"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="rotate-token-title">Rotate Token</DialogTitle>
      {credentials ? (
        <>
          <DialogContent>
            <Alert severity="success" id="rotate-token-text" sx={{ mb: 2 }}>
              {MESSAGES.rotateDialogSuccess}
            </Alert>
            <DialogContentText sx={{ mb: 2 }}>
              {credentials.oldSecretWorksUntil
                ? oldSecretWorksUntilText(credentials.oldSecretWorksUntil)
                : OLD_SECRET_STOPPED}
            </DialogContentText>
            <ClientCredentials
              clientId={credentials.clientId}
              clientSecret={credentials.clientSecret}
              onSecretCopied={() => setSecretCopied(true)}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={closeCredentials} variant="contained">
              Close
            </Button>
          </DialogActions>
          <LeaveWithoutCopyingDialog
            open={confirmingClose}
            onLeave={finish}
            onStay={() => setConfirmingClose(false)}
          />
        </>
      ) : (
        <>
          <DialogContent>
            <IrreversibleWarning />
            <DialogContentText id="rotate-token-text">
              Rotating <TokenName client={client} /> deletes its current credentials for good: they stop
              working {stopsWorking(gracePeriod)}. A new Client ID and Client Secret with the same permissions
              are issued in their place.
            </DialogContentText>
            <GracePeriodChoice value={gracePeriod} onChange={setGracePeriod} disabled={busy} />
            {runningGrace && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {cutOldSecretWarning(displayClientId(runningGrace.clientId), runningGrace.endsAt)}
                <FormControlLabel
                  sx={{ display: 'flex', mt: 1 }}
                  control={
                    <Checkbox
                      checked={cutConfirmed}
                      onChange={(event) => setCutConfirmed(event.target.checked)}
                      disabled={busy}
                    />
                  }
                  label={CUT_OLD_SECRET_CONFIRM}
                />
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(false)} disabled={busy}>
              Cancel
            </Button>
            <Button
              onClick={confirm}
              disabled={busy || (runningGrace !== null && !cutConfirmed)}
              variant="contained"
            >
              Rotate
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
