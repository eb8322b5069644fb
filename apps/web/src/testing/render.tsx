import { CacheProvider } from '@emotion/react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { UNSAFE_createMemoryHistory, matchRoutes, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRouter, createAppRoutes, preloadMatches, preloadRoute } from '@/app/router';
import { getToken } from '@/lib/auth/session-store';
import { userQueryOptions } from '@/lib/account/user';
import { blockableHistory } from '@/lib/navigation/blockable-history';
import { createQueryClient } from '@/lib/query-client';
import { testStyleCache } from './style-cache';

function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } });
  return client;
}

function renderRouter(routes: RouteObject[], url: string, queryClient = testQueryClient()) {
  /** Where the app is: `history.location`; tests navigate with `history.push` and `history.go`. */
  const history = blockableHistory(UNSAFE_createMemoryHistory({ initialEntries: [url], v5Compat: true }));
  const result = render(
    <CacheProvider value={testStyleCache()}>
      <AppProvider>
        <QueryClientProvider client={queryClient}>
          <AppRouter history={history} routes={routes} />
        </QueryClientProvider>
      </AppProvider>
    </CacheProvider>,
  );
  return { ...result, history, queryClient };
}

/** Renders the whole app (every route, the shell, the providers) at a URL. */
export function renderApp(url: string) {
  return renderRouter(createAppRoutes(), url);
}

/**
 * Loads the screens at these URLs (and the shell around them) ahead of a navigation there. Under fake
 * timers the findBy queries and waitFor count fake time, which would run out while a module is read from
 * disk; once loaded, a screen renders at once.
 */
export async function preloadRoutes(...urls: string[]): Promise<void> {
  await Promise.all(urls.map((url) => preloadMatches(createAppRoutes(), url)));
}

/**
 * Renders the one screen routed at `url`, inside the app's providers but without the shell and the other
 * routes, for a test about that screen alone. As behind the shell, a signed-in user is fetched before the
 * screen shows. A navigation elsewhere renders nothing; `history.location` tells where it went.
 */
export async function renderScreen(url: string) {
  const [root] = createAppRoutes();
  const screenRoute = matchRoutes(createAppRoutes(), url)?.at(-1)?.route;
  if (!root || root.index || !screenRoute?.path) throw new Error(`No screen is routed at ${url}`);
  const queryClient = testQueryClient();
  if (getToken() !== null) await queryClient.fetchQuery(userQueryOptions());
  await preloadRoute(screenRoute);
  const screen: RouteObject = { path: screenRoute.path, Component: screenRoute.Component };
  return renderRouter([{ ...root, children: [screen, { path: '*', element: null }] }], url, queryClient);
}
