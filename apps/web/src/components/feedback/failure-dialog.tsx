// The failure dialogs of spec §8 ('Failed to update profile', 'Failed to create Client'): a title, the
// message, one button. The form behind keeps what the user entered, ready to send again.
import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface FailureDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  message: string;
  closeLabel?: string;
}

export function FailureDialog({ open, onClose, title, message, closeLabel = 'Close' }: FailureDialogProps) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {closeLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
