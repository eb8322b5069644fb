import { AuthLayout } from '@/components/layouts/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout
      title="Forgot password"
      subtitle="Enter the email of your account and we will send you a link to reset your password."
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
