// The failure message at the top of a form (spec §8): announced as an alert, spaced like every form's.
import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';

export function FormErrorAlert({ show, children }: { show: boolean; children: ReactNode }) {
  if (!show) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {children}
    </Alert>
  );
}
