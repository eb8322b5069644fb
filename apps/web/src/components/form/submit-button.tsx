import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

interface SubmitButtonProps {
  loading: boolean;
  children: ReactNode;
  disabled?: boolean;
  fullWidth?: boolean;
}

/** Disabled with a spinner while the form is being sent, so it cannot be sent twice. */
export function SubmitButton({ loading, children, disabled = false, fullWidth = true }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth={fullWidth}
      disabled={loading || disabled}
      aria-busy={loading}
      startIcon={loading ? <CircularProgress size={18} color="inherit" aria-label="Sending" /> : undefined}
      sx={{ mt: 1 }}
    >
      {children}
    </Button>
  );
}
