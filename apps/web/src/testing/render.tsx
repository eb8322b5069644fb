import { CacheProvider } from '@emotion/react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createAppRoutes } from '@/app/router';
import { getToken } from '@/lib/auth/session-store';
import { userQueryOptions } from '@/lib/auth/user';
import { createQueryClient } from '@/lib/query-client';
import { testStyleCache } from './style-cache';

function testQueryClient() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } });
  return client;
}

function renderRouter(routes: RouteObject[], url: string, queryClient = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <CacheProvider value={testStyleCache()}>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </CacheProvider>,
  );
  return { ...result, router, queryClient };
}

/** Renders the whole app (every route, the shell, the providers) at a URL. */
export function renderApp(url: string) {
  return renderRouter(createAppRoutes(), url);
}

/** Loads a route's module the way React Router's lazy loading does, and returns what it adds. */
async function loadRoute({ lazy }: RouteObject): Promise<Partial<RouteObject>> {
  return typeof lazy === 'function' ? lazy() : {};
}

/**
 * Loads the screens at these URLs (and the shell around them) ahead of a navigation there. Under fake
 * timers the findBy queries and waitFor count fake time, which would run out while a module is read from
 * disk; once loaded, React Router's lazy loading takes a few microtasks.
 */
export async function preloadRoutes(...urls: string[]): Promise<void> {
  const matched = urls.flatMap((url) => matchRoutes(createAppRoutes(), url) ?? []);
  await Promise.all(matched.map(({ route }) => loadRoute(route)));
}

/**
 * Renders the one screen routed at `url`, inside the app's providers but without the shell and the other
 * routes, for a test about that screen alone. As behind the shell, a signed-in user is fetched before the
 * screen shows. A navigation elsewhere renders nothing; `router.state.location` tells where it went.
 */
export async function renderScreen(url: string) {
  const [root] = createAppRoutes();
  const screenRoute = matchRoutes(createAppRoutes(), url)?.at(-1)?.route;
  if (!root || root.index || !screenRoute?.path) throw new Error(`No screen is routed at ${url}`);
  const queryClient = testQueryClient();
  if (getToken() !== null) await queryClient.fetchQuery(userQueryOptions());
  const screen: RouteObject = { path: screenRoute.path, ...(await loadRoute(screenRoute)) };
  return renderRouter([{ ...root, children: [screen, { path: '*', element: null }] }], url, queryClient);
}
