// The frame every console action's confirmation shares (design §11): a labelled dialog that says what
// will happen, the action's own fields, the API's refusal when there is one, and Cancel / confirm.
import { useId, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormErrorAlert } from '@/components/form/form-error-alert';

interface ActionDialogProps {
  open: boolean;
  title: string;
  /** What the action will do, as the dialog's description. */
  text: ReactNode;
  confirmLabel: string;
  confirmColor?: ButtonProps['color'];
  busy: boolean;
  /** The refusal to show above the fields, if the last attempt failed. */
  failure: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children?: ReactNode;
}

export function ActionDialog({
  open,
  title,
  text,
  confirmLabel,
  confirmColor = 'primary',
  busy,
  failure,
  onSubmit,
  onClose,
  children,
}: ActionDialogProps) {
  const id = useId();
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate aria-labelledby={`${id}-title`} onSubmit={onSubmit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`} sx={{ mb: children ? 2 : 0 }}>
            {text}
          </DialogContentText>
          <FormErrorAlert show={failure !== null}>{failure}</FormErrorAlert>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={confirmColor} loading={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
