// The snackbar itself, loaded with the first message (see snackbar-provider.tsx).
import { SNACKBAR_AUTO_HIDE_MS } from '@datafeeds/domain';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export interface SnackbarViewProps {
  id: number;
  open: boolean;
  message: string;
  severity: AlertColor;
  onClose: (event?: unknown, reason?: string) => void;
}

export default function SnackbarView({ id, open, message, severity, onClose }: SnackbarViewProps) {
  return (
    <Snackbar
      key={id}
      open={open}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert onClose={onClose} severity={severity} variant="filled" sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
