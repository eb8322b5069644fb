import { useState } from 'react';
import { Navigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useSignedInOnArrival } from '@/lib/auth/use-session';

const FORGOT_PASSWORD_SUBTITLE =
  'Enter the email of your account and we will send you a link to reset your password.';

export default function ForgotPasswordRoute() {
  const [sent, setSent] = useState(false);
  // A signed-in user changes the password on the profile page: the dashboard, as /login does.
  const signedIn = useSignedInOnArrival();
  if (signedIn) return <Navigate to={paths.dashboard} replace />;
  return (
    // Once the link is sent the form is gone, and so is the instruction to enter an email.
    <AuthLayout title="Forgot password" subtitle={sent ? undefined : FORGOT_PASSWORD_SUBTITLE}>
      <ForgotPasswordForm onSent={() => setSent(true)} />
    </AuthLayout>
  );
}
