import { capitalize } from '@datafeeds/domain';
import { PageHeader } from '@/components/layouts/page-header';

function dashboardTitle(firstName: string): string {
  return `Welcome back ${capitalize(firstName)}`;
}

export function DashboardGreeting({ firstName }: { firstName: string }) {
  return <PageHeader title={dashboardTitle(firstName)} documentTitle="Dashboard" />;
}
