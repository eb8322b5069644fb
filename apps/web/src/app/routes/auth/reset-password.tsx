import Alert from '@mui/material/Alert';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { RouterLink } from '@/components/navigation/router-link';
import { paths, searchParams } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const resetToken = params.get(searchParams.resetToken);
  return (
    <AuthLayout title="Reset password" subtitle="Choose a new password for your account.">
      {resetToken ? (
        <ResetPasswordForm resetToken={resetToken} />
      ) : (
        <Alert severity="warning" role="alert">
          This reset link is incomplete: it carries no reset token. Open the link from the email again, or{' '}
          <RouterLink to={paths.forgotPassword}>request a new reset link</RouterLink>.
        </Alert>
      )}
    </AuthLayout>
  );
}
