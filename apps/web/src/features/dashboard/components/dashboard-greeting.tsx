import { capitalize, firstVisitTitle } from '@datafeeds/domain';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { isFirstVisit } from '@/lib/navigation/first-visit';

function dashboardTitle(firstName: string): string {
  return `Welcome back ${capitalize(firstName)}`;
}

export function DashboardGreeting({ firstName }: { firstName: string }) {
  const { state } = useLocation();
  const title = isFirstVisit(state) ? firstVisitTitle(firstName) : dashboardTitle(firstName);
  return <PageHeader title={title} documentTitle="Dashboard" />;
}
