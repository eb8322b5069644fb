import Alert from '@mui/material/Alert';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { RouterLink } from '@/components/navigation/router-link';
import { paths, searchParams } from '@/config/paths';
import { VerifyEmailResult } from '@/features/email-verification/components/verify-email-result';
import { useSessionToken } from '@/lib/auth/use-session';

export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get(searchParams.verificationToken);
  const signedIn = useSessionToken() !== null;
  return (
    <AuthLayout title="Verify your email">
      {token ? (
        <VerifyEmailResult token={token} signedIn={signedIn} />
      ) : (
        <Alert severity="warning" role="alert">
          This verification link is incomplete. Open the link from the email again, or{' '}
          <RouterLink to={signedIn ? paths.dashboard : paths.login}>
            {signedIn ? 'request a new one from your dashboard' : 'sign in to request a new one'}
          </RouterLink>
          .
        </Alert>
      )}
    </AuthLayout>
  );
}
