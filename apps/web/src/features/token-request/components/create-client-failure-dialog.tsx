import { MESSAGES } from '@datafeeds/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Spec §8: the token could not be created. The form keeps what the user chose, ready to send again. */
export function CreateClientFailureDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="create-client-failure-title"
      aria-describedby="create-client-failure-text"
    >
      <DialogTitle id="create-client-failure-title">{MESSAGES.createClientFailedTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="create-client-failure-text">{MESSAGES.createClientFailed}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
