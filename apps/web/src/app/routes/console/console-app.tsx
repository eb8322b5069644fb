// Every console screen (design §11), in one lazily loaded chunk: the customer's pages never load it.
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ConsoleHome } from '@/features/console/console-home';
import { ConsoleLoginForm } from '@/features/console/console-login';
import { StaffSetupPage } from '@/features/console/staff-setup';

export function ConsoleSetupRoute() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Console setup" subtitle="Set your password and your authenticator.">
      <StaffSetupPage token={params.get('token')} />
    </AuthLayout>
  );
}

export function ConsoleLoginRoute() {
  return (
    <AuthLayout title="Console sign-in" subtitle="DataFeeds console, for the provider team.">
      <ConsoleLoginForm />
    </AuthLayout>
  );
}

export { ConsoleHome as ConsoleHomeRoute };
