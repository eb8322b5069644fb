import { useState } from 'react';
import {
  bulkDeleteFailureMessage,
  bulkDeleteSuccessMessage,
  deleteFailureMessage,
  deleteSuccessMessage,
  shortClientId,
  type Client,
} from '@datafeeds/domain';
import Box from '@mui/material/Box';
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
  /** One token (a row's Delete button, the details page) or the dashboard's selection. */
  clients: readonly Client[];
  open: boolean;
  onClose: () => void;
  /** After the deletions, whatever their outcome. */
  onFinished?: () => void;
  /** After a single token is deleted. */
  onDeleted?: () => void;
}

export function DeleteTokenDialog({ clients, open, onClose, onFinished, onDeleted }: DeleteTokenDialogProps) {
  const deletion = useDeleteClient();
  const showSnackbar = useSnackbar();
  const [deleting, setDeleting] = useState(false);
  const busy = deletion.isPending || deleting;
  const [single] = clients;
  const many = clients.length > 1;

  const confirmOne = (client: Client) => {
    track(EVENTS.submittedTokenDeletion);
    deletion.mutate(client.id, {
      onSuccess: () => {
        showSnackbar(deleteSuccessMessage(client.label));
        onClose();
        onFinished?.();
        onDeleted?.();
      },
      onError: () => {
        showSnackbar(deleteFailureMessage(client.label, shortClientId(client.id)), 'error');
        onClose();
        onFinished?.();
      },
    });
  };

  // One DeleteClient call after the other: the API has no bulk delete, and a failure names its token.
  const confirmMany = async () => {
    setDeleting(true);
    const failed: string[] = [];
    for (const client of clients) {
      track(EVENTS.submittedTokenDeletion);
      try {
        await deletion.mutateAsync(client.id);
      } catch {
        failed.push(shortClientId(client.id));
      }
    }
    setDeleting(false);
    if (failed.length === 0) showSnackbar(bulkDeleteSuccessMessage(clients.length));
    else showSnackbar(bulkDeleteFailureMessage(failed), 'error');
    onClose();
    onFinished?.();
  };

  const confirm = () => {
    if (many) void confirmMany();
    else if (single) confirmOne(single);
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
      <DialogTitle id="delete-token-title">
        {many ? `Delete ${clients.length} Tokens` : 'Delete Token'}
      </DialogTitle>
      <DialogContent>
        <IrreversibleWarning />
        {many ? (
          <>
            <DialogContentText id="delete-token-text">
              These {clients.length} tokens will be deleted permanently. Applications that use their
              credentials will stop working at once.
            </DialogContentText>
            <Box
              component="ul"
              aria-label="Tokens to delete"
              sx={{ mt: 1.5, mb: 0, pl: 3, maxHeight: 240, overflowY: 'auto', overflowWrap: 'anywhere' }}
            >
              {clients.map((client) => (
                <li key={client.id}>
                  <TokenName client={client} />
                </li>
              ))}
            </Box>
          </>
        ) : single ? (
          <DialogContentText id="delete-token-text">
            The token <TokenName client={single} /> will be deleted permanently. Applications that use its
            credentials will stop working at once.
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button onClick={confirm} disabled={busy} loading={deleting} color="error" variant="contained">
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
