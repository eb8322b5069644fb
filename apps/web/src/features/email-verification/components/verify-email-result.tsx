import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useVerifyEmail } from '../api/verify-email';
import { ResendVerificationButton } from './resend-verification-button';

export const VERIFY_SUCCESS_MESSAGE = 'Your email address is verified. Thank you!';
export const VERIFY_FAILURE_MESSAGE = 'This verification link is invalid, was already used or has expired.';

interface VerifyEmailResultProps {
  token: string;
  signedIn: boolean;
}

export function VerifyEmailResult({ token, signedIn }: VerifyEmailResultProps) {
  const verification = useVerifyEmail(token);
  const continueButton = (
    <Button component={Link} to={signedIn ? paths.dashboard : paths.login} variant="contained" size="large">
      {signedIn ? 'Go to the dashboard' : 'Sign in'}
    </Button>
  );

  if (verification.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>Verifying your email address…</Typography>
      </Box>
    );
  }
  if (verification.isSuccess) {
    return (
      <Stack spacing={3} alignItems="flex-start">
        <Alert severity="success" role="status" sx={{ width: '100%' }}>
          {VERIFY_SUCCESS_MESSAGE}
        </Alert>
        {continueButton}
      </Stack>
    );
  }
  return (
    <Stack spacing={3} alignItems="flex-start">
      <Alert severity="error" role="alert" sx={{ width: '100%' }}>
        {VERIFY_FAILURE_MESSAGE}{' '}
        {signedIn
          ? 'You can ask for a new link below.'
          : 'Sign in to ask for a new link from your dashboard.'}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {continueButton}
        {signedIn ? <ResendVerificationButton /> : null}
      </Stack>
    </Stack>
  );
}
