import Alert from '@mui/material/Alert';
import { ResendVerificationButton } from './resend-verification-button';

/** Reminds an unverified user why their new tokens stay pending, with a way to get a fresh link. */
export function EmailVerificationBanner({ email }: { email: string }) {
  return (
    <Alert
      severity="info"
      action={<ResendVerificationButton variant="text" />}
      sx={{ mb: 3, flexWrap: 'wrap' }}
    >
      Please verify your email address: we sent a link to <strong>{email}</strong>. New API tokens stay
      pending until it is verified.
    </Alert>
  );
}
