// Every console screen (design §11), in one lazily loaded chunk: the customer's pages never load it.
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ConsoleHome } from '@/features/console/console-home';
import { ConsoleLoginForm } from '@/features/console/console-login';
import { StaffSetupPage } from '@/features/console/staff-setup';
import { OutboxScreen } from '@/features/console/tools/outbox/outbox-screen';
import { PlansScreen } from '@/features/console/tools/plans/plans-screen';
import { StaffScreen } from '@/features/console/tools/staff/staff-screen';
import { TrailScreen } from '@/features/console/tools/trail/trail-screen';
import { VerifierKeysScreen } from '@/features/console/tools/verifier-keys/verifier-keys-screen';

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

// The console's own tools (design §11 "Screens"); the console shell places them beside its navigation.
export { VerifierKeysScreen as ConsoleVerifierKeysRoute };
export { OutboxScreen as ConsoleOutboxRoute };
export { PlansScreen as ConsolePlansRoute };
export { StaffScreen as ConsoleStaffRoute };
export { TrailScreen as ConsoleTrailRoute };
