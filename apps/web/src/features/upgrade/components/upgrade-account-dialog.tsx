import { ERROR_CODES, MESSAGES } from '@datafeeds/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { isHttpError } from '@/lib/api-errors';
import { useUpgradeAccount } from '../api/upgrade-account';

export const UPGRADE_DIALOG_TITLE = 'Upgrade Account';

interface UpgradeAccountDialogProps {
  open: boolean;
  onClose: () => void;
}

export function UpgradeAccountDialog({ open, onClose }: UpgradeAccountDialogProps) {
  const upgrade = useUpgradeAccount();
  const showSnackbar = useSnackbar();
  const busy = upgrade.isPending;

  const submit = () => {
    track(EVENTS.submittedUpgradeRequest);
    upgrade.mutate(undefined, {
      onSuccess: () => {
        showSnackbar(MESSAGES.upgradeSuccess);
        onClose();
      },
      onError: (error) => {
        // A suspended company is told why, and whom to contact, in the server's sentence (design §11).
        const suspended = isHttpError(error, 409) && error.code === ERROR_CODES.accountSuspended;
        showSnackbar(suspended ? error.message : MESSAGES.upgradeFailed, 'error');
        onClose();
      },
    });
  };

  return (
    <Dialog
      open={open}
      // Spec §4: a click outside never dismisses it; Escape does unless the request is on its way.
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !busy) onClose();
      }}
      aria-labelledby="upgrade-account-title"
      aria-describedby="upgrade-account-text"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="upgrade-account-title">{UPGRADE_DIALOG_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="upgrade-account-text" sx={{ mb: 2 }}>
          Submitting sends an upgrade request to the DataFeeds team, who will contact you to set up your paid
          account. Nothing changes until they approve it.
        </DialogContentText>
        <DialogContentText>
          Your existing API tokens stay active, and once the upgrade is approved they are no longer subject to
          the trial&apos;s limits.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button onClick={submit} disabled={busy} variant="contained">
          Submit Request
        </Button>
      </DialogActions>
    </Dialog>
  );
}
