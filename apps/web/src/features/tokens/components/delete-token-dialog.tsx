import { deleteFailureMessage, deleteSuccessMessage, shortClientId, type Client } from '@datafeeds/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { useDeleteClient } from '../api/delete-client';
import { closeUnlessBackdrop, IrreversibleWarning } from './irreversible-warning';
import { TokenName } from './token-name';

interface DeleteTokenDialogProps {
  client: Client;
  open: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}

export function DeleteTokenDialog({ client, open, onClose, onDeleted }: DeleteTokenDialogProps) {
  const deletion = useDeleteClient();
  const showSnackbar = useSnackbar();
  const busy = deletion.isPending;

  const confirm = () => {
    track(EVENTS.submittedTokenDeletion);
    deletion.mutate(client.id, {
      onSuccess: () => {
        showSnackbar(deleteSuccessMessage(client.label));
        onClose();
        onDeleted?.();
      },
      onError: () => {
        showSnackbar(deleteFailureMessage(client.label, shortClientId(client.id)), 'error');
        onClose();
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={closeUnlessBackdrop(onClose, busy)}
      aria-labelledby="delete-token-title"
      aria-describedby="delete-token-text"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="delete-token-title">Delete Token</DialogTitle>
      <DialogContent>
        <IrreversibleWarning />
        <DialogContentText id="delete-token-text">
          The token <TokenName client={client} /> will be deleted permanently. Applications that use its
          credentials will stop working at once.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button onClick={confirm} disabled={busy} color="error" variant="contained">
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
