// The root of every route: records page views, then renders the matched screen, with the snackbars
// (which close when the page changes, so they live inside the router).
import { Outlet } from 'react-router';
import { SnackbarProvider } from '@/components/feedback/snackbar-provider';
import { usePageViews } from '@/lib/analytics/use-page-views';

export function RootLayout() {
  usePageViews();
  return (
    <SnackbarProvider>
      <Outlet />
    </SnackbarProvider>
  );
}
