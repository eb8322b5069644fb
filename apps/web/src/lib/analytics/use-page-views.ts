// Page views (spec §9): 'Viewed <Screen>' 500 ms after a route change. The delay lets redirects settle
// (/ → /dashboard, a signed-out visit → /login), so only the screen the user lands on is recorded.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ANALYTICS_PAGE_VIEW_DELAY_MS } from '@datafeeds/domain';
import { track } from './analytics';
import { screenName } from './screen-names';

export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const screen = screenName(pathname);
    if (screen === null) return;
    const timer = setTimeout(() => track(`Viewed ${screen}`), ANALYTICS_PAGE_VIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
}
