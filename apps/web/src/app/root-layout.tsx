// The root of every route: records page views, then renders the matched screen.
import { Outlet } from 'react-router';
import { usePageViews } from '@/lib/analytics/use-page-views';

export function RootLayout() {
  usePageViews();
  return <Outlet />;
}
