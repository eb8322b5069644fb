// Asks before a screen that shows a new secret once is left while the secret was not copied, as in
// unkey's secret reveal. Used by the token request result view and the rotate dialog, and with its own
// words by the console's new verifier key.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

const LEAVE_TITLE = 'Leave without copying the secret?';
const LEAVE_TEXT =
  'You have not copied the Client Secret. It cannot be shown again: if you leave now, you will need to rotate the token to get a new one.';

interface LeaveWithoutCopyingDialogProps {
  open: boolean;
  onLeave: () => void;
  onStay: () => void;
  /** What is lost, when it is not a token's Client Secret. */
  title?: string;
  text?: string;
}

export function LeaveWithoutCopyingDialog({
  open,
  onLeave,
  onStay,
  title = LEAVE_TITLE,
  text = LEAVE_TEXT,
}: LeaveWithoutCopyingDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onStay}
      aria-labelledby="leave-secret-title"
      aria-describedby="leave-secret-text"
    >
      <DialogTitle id="leave-secret-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="leave-secret-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLeave} color="warning">
          Leave anyway
        </Button>
        <Button onClick={onStay} variant="contained" autoFocus>
          Stay and copy
        </Button>
      </DialogActions>
    </Dialog>
  );
}
