// Every console screen (design §11), in one lazily loaded chunk: the customer's pages never load it.
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ActivityTable } from '@/features/activity/components/activity-table';
import { CompaniesList } from '@/features/console/companies/companies-list';
import { CompanyPage } from '@/features/console/company/company-page';
import { ConsoleLoginForm } from '@/features/console/console-login';
import { ConsoleOverview } from '@/features/console/overview/console-overview';
import { ConsoleQueues } from '@/features/console/queues/console-queues';
import { ConsoleNotFound } from '@/features/console/shell/console-not-found';
import { ConsoleShell } from '@/features/console/shell/console-shell';
import { StaffSetupPage } from '@/features/console/staff-setup';
import { OutboxScreen } from '@/features/console/outbox/outbox-screen';
import { PlansScreen } from '@/features/console/plans/plans-screen';
import { StaffScreen } from '@/features/console/staff/staff-screen';
import { TrailScreen } from '@/features/console/trail/trail-screen';
import { VerifierKeysScreen } from '@/features/console/verifier-keys/verifier-keys-screen';

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
