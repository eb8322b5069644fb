import { TRIAL_DAYS } from '@datafeeds/domain';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterRoute() {
  return (
    <AuthLayout
      title="Create your account"
      subtitle={`Start a ${TRIAL_DAYS}-day free trial of the DataFeeds API. No credit card needed.`}
    >
      <RegisterForm />
    </AuthLayout>
  );
}
