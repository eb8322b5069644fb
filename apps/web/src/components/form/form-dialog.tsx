// A dialog that is a form: the title names both (for screen readers), the text under it describes the
// dialog, and the actions end with Cancel and the submit button. The caller owns the form state and
// what a refusal does; this is the layout every form dialog shares.
import { useId, type FormEventHandler, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormErrorAlert } from './form-error-alert';

export interface FormDialogProps {
  open: boolean;
  /** Called on Cancel, Escape and a click outside; the caller ignores it while the form is busy. */
  onClose: () => void;
  title: string;
  description: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** The submit button's colour: `error` when submitting destroys or stops something. */
  submitColor?: ButtonProps['color'];
  busy: boolean;
  /** Shown first in the actions, at the start of the row (a destructive alternative, say). */
  extraAction?: ReactNode;
  /** Why the last attempt failed, in an alert above the fields (or the caller's own alert among them). */
  failure?: string | null;
  /** The fields. */
  children: ReactNode;
}

export function FormDialog({
  open,
  onClose,
  title,
  description,
  onSubmit,
  submitLabel,
  submitColor = 'primary',
  busy,
  extraAction,
  failure = null,
  children,
}: FormDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate aria-label={title} onSubmit={onSubmit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
            {description}
          </DialogContentText>
          <FormErrorAlert show={failure !== null}>{failure}</FormErrorAlert>
          {children}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap' }}>
          {extraAction}
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color={submitColor} loading={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
