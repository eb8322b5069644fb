// Every console screen (design §11), in one lazily loaded chunk: the customer's pages never load it.
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ActivityTable } from '@/features/activity/components/activity-table';
import { ConsoleNotFound } from '@/app/console-shell/console-not-found';
import { ConsoleShell } from '@/app/console-shell/console-shell';
import { ConsoleLoginForm } from '@/features/console-auth/components/console-login-form';
import { StaffSetupPage } from '@/features/console-auth/components/staff-setup';
import { CompaniesList } from '@/features/console-companies/components/companies-list';
import { CompanyPage } from '@/features/console-companies/components/company-page';
import { ConsoleQueues } from '@/features/console-companies/components/console-queues';
import { OutboxScreen } from '@/features/console-outbox/components/outbox-screen';
import { ConsoleOverview } from '@/features/console-overview/components/console-overview';
import { PlansScreen } from '@/features/console-plans/components/plans-screen';
import { StaffScreen } from '@/features/console-staff/components/staff-screen';
import { TrailScreen } from '@/features/console-staff/components/trail-screen';
import { VerifierKeysScreen } from '@/features/console-verifier-keys/components/verifier-keys-screen';

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

/** A company's page shows its activity in the customer's own Activity table. */
export function ConsoleCompanyRoute() {
  return <CompanyPage ActivityTable={ActivityTable} />;
}

export {
  ConsoleShell as ConsoleShellRoute,
  ConsoleOverview as ConsoleOverviewRoute,
  CompaniesList as ConsoleCompaniesRoute,
  ConsoleQueues as ConsoleQueuesRoute,
  ConsoleNotFound as ConsoleNotFoundRoute,
  // The console's own tools (design §11 "Screens").
  VerifierKeysScreen as ConsoleVerifierKeysRoute,
  OutboxScreen as ConsoleOutboxRoute,
  PlansScreen as ConsolePlansRoute,
  StaffScreen as ConsoleStaffRoute,
  TrailScreen as ConsoleTrailRoute,
};
