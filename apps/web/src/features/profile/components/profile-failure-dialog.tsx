import { MESSAGES } from '@datafeeds/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export function ProfileFailureDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="profile-failure-title"
      aria-describedby="profile-failure-text"
    >
      <DialogTitle id="profile-failure-title">{MESSAGES.profileFailedTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="profile-failure-text">{MESSAGES.profileFailed}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
