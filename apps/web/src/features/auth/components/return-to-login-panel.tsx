// The end of both recovery flows: a success message and the way back to the login page.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

export function ReturnToLoginPanel({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Box>
      <Alert severity="success" role="status" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {children}
      </Alert>
      <Button onClick={() => void navigate(paths.login)} variant="contained" size="large" fullWidth>
        Return to Login
      </Button>
    </Box>
  );
}
