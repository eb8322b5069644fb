import { TRIAL_DAYS } from '@datafeeds/domain';
import { Navigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useSignedInOnArrival } from '@/lib/auth/use-session';

export default function RegisterRoute() {
  // A signed-in user has an account already: the dashboard, as /login does.
  const signedIn = useSignedInOnArrival();
  if (signedIn) return <Navigate to={paths.dashboard} replace />;
  return (
    <AuthLayout
      title="Create your account"
      subtitle={`Start a ${TRIAL_DAYS}-day free trial of the DataFeeds API. No credit card needed.`}
    >
      <RegisterForm />
    </AuthLayout>
  );
}
