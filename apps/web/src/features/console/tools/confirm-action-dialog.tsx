// The console's "are you sure" for a change that acts at once (revoke a key, retry an email, disable a
// member…): it names what it acts on and says what follows; on confirming, the change is made, the
// lists it touches reload, and a snackbar says the server's sentence (or its refusal).
import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { refusalMessage } from './tool-errors';

export interface ConfirmActionDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the change does, naming what it acts on. */
  text: ReactNode;
  confirmLabel: string;
  color?: 'error' | 'primary';
  /** Makes the change; its answer's message is the snackbar. */
  action: () => Promise<{ message: string }>;
  /** The queries to read again after the change (or its refusal: the list may be stale). */
  invalidates: readonly QueryKey[];
}

export function ConfirmActionDialog({
  open,
  onClose,
  title,
  text,
  confirmLabel,
  color = 'primary',
  action,
  invalidates,
}: ConfirmActionDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const showSnackbar = useSnackbar();
  const change = useMutation({ mutationFn: action });
  const busy = change.isPending;
  const confirm = () =>
    change.mutate(undefined, {
      onSuccess: (answer) => showSnackbar(answer.message),
      onError: (error) => showSnackbar(refusalMessage(error), 'error'),
      onSettled: () => {
        invalidates.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
        change.reset();
        onClose();
      },
    });
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick' && !busy) onClose();
      }}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button onClick={confirm} loading={busy} color={color} variant="contained">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
