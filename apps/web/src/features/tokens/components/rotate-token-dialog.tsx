import { useState } from 'react';
import {
  MESSAGES,
  rotateFailureMessage,
  rotateSuccessMessage,
  shortClientId,
  type Client,
} from '@datafeeds/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { ClientCredentials } from '@/components/credentials/client-credentials';
import { LeaveWithoutCopyingDialog } from '@/components/credentials/leave-without-copying-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { refreshTokensAfterChange } from '../api/keys';
import { useRotateClient } from '../api/rotate-client';
import { closeUnlessBackdrop, IrreversibleWarning } from './irreversible-warning';
import { TokenName } from './token-name';

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

  // Spec §4: closing reloads the list; reloading earlier would change the table under the open dialog.
  const finish = () => {
    refreshTokensAfterChange(queryClient, client.id);
    onClose(true);
  };
  const closeCredentials = () => (secretCopied ? finish() : setConfirmingClose(true));

  const confirm = () => {
    track(EVENTS.submittedTokenRotation);
    rotation.mutate(client.id, {
      onSuccess: () => showSnackbar(rotateSuccessMessage(client.label)),
      onError: () => {
        showSnackbar(rotateFailureMessage(client.label, shortClientId(client.id)), 'error');
        onClose(false);
      },
    });
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
              working at once. A new Client ID and Client Secret with the same permissions are issued in their
              place.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(false)} disabled={busy} autoFocus>
              Cancel
            </Button>
            <Button onClick={confirm} disabled={busy} variant="contained">
              Rotate
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
