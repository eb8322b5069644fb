// Every route of spec §2. Each screen is loaded on demand, so the sign-in page does not download the
// signed-in app. The routes are React Router's declarative ones (`useRoutes`): the data router
// (`createBrowserRouter`) keeps its whole router in the first load whatever the app uses of it, 16 kB
// gzip more on every page (design §7); what the app used of it — lazy routes, the error page, the
// blocker — is here, in ./route-error-boundary and in lib/navigation.
import { Suspense, startTransition, useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import {
  Navigate,
  matchRoutes,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { paths, routePatterns } from '@/config/paths';
import { earlyQuota } from '@/features/quota/api/early-quota';
import { earlyClients } from '@/features/tokens/api/early-clients';
import { earlyUser } from '@/lib/account/early-user';
import { dropEarlyAnswers, type EarlyCall } from '@/lib/early-call';
import type { BlockableHistory } from '@/lib/navigation/blockable-history';
import { BlockableHistoryContext } from '@/lib/navigation/use-blocker';
import { RootLayout } from './root-layout';
import type * as ConsoleScreens from './routes/console/console-app';

/**
 * What a route loaded on demand keeps in its `handle`: the start of its loading, whether it is done, and
 * the calls its screen makes as it first renders, which a first visit starts beside the download.
 */
interface LazyRouteHandle {
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
  earlyCalls: readonly EarlyCall<unknown>[];
}

/**
 * A screen loaded on demand. Once its module is there it renders at once (React.lazy would suspend for a
 * tick at its first render even when the module is there); before, it suspends until the module arrives.
 */
function lazyComponent(
  load: () => Promise<{ default: ComponentType }>,
  earlyCalls: readonly EarlyCall<unknown>[] = [],
): Pick<RouteObject, 'Component' | 'handle'> {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        // A failed download is tried again at the next navigation, not remembered.
        loading = undefined;
        throw error;
      },
    ));
  function LazyScreen() {
    // Suspends by throwing the download's promise, as React.lazy does: `use()` would make every test that
    // renders the app synchronously (inside a not awaited act) warn about it.
    if (!loaded) throw preload();
    const Screen = loaded;
    return <Screen />;
  }
  const handle: LazyRouteHandle = { preload, isLoaded: () => loaded !== undefined, earlyCalls };
  return { Component: LazyScreen, handle };
}

/** A console screen: all of them are in one chunk of their own (design §11), never in a customer's page. */
function consoleScreen(name: keyof typeof ConsoleScreens) {
  return lazyComponent(async () => ({ default: (await import('./routes/console/console-app'))[name] }));
}

const lazyHandleOf = (route: RouteObject) => route.handle as LazyRouteHandle | undefined;

/** The handles of the screens loaded on demand that `location` matches, outermost first. */
function matchedLazyHandles(routes: RouteObject[], location: Partial<Location> | string): LazyRouteHandle[] {
  return (matchRoutes(routes, location) ?? []).flatMap(({ route }) => lazyHandleOf(route) ?? []);
}

/** Starts loading the screen of `route` (nothing when it is not loaded on demand). */
export function preloadRoute(route: RouteObject): Promise<unknown> {
  return lazyHandleOf(route)?.preload() ?? Promise.resolve();
}

/** Starts loading every screen `location` matches — the shell and its page together, not one by one. */
export function preloadMatches(
  routes: RouteObject[],
  location: Partial<Location> | string,
): Promise<unknown> {
  return Promise.all(matchedLazyHandles(routes, location).map((handle) => handle.preload()));
}

const dashboardRoute = lazyComponent(() => import('./routes/app/dashboard'), [earlyClients]);
const screens = {
  login: lazyComponent(() => import('./routes/auth/login')),
  queries: lazyComponent(() => import('./query-layout')),
  register: lazyComponent(() => import('./routes/auth/register')),
  forgotPassword: lazyComponent(() => import('./routes/auth/forgot-password')),
  resetPassword: lazyComponent(() => import('./routes/auth/reset-password')),
  verifyEmail: lazyComponent(() => import('./routes/auth/verify-email')),
  acceptInvitation: lazyComponent(() => import('./routes/auth/accept-invitation')),
  console: {
    setup: consoleScreen('ConsoleSetupRoute'),
    login: consoleScreen('ConsoleLoginRoute'),
    shell: consoleScreen('ConsoleShellRoute'),
    overview: consoleScreen('ConsoleOverviewRoute'),
    companies: consoleScreen('ConsoleCompaniesRoute'),
    company: consoleScreen('ConsoleCompanyRoute'),
    queues: consoleScreen('ConsoleQueuesRoute'),
    verifierKeys: consoleScreen('ConsoleVerifierKeysRoute'),
    outbox: consoleScreen('ConsoleOutboxRoute'),
    plans: consoleScreen('ConsolePlansRoute'),
    staff: consoleScreen('ConsoleStaffRoute'),
    trail: consoleScreen('ConsoleTrailRoute'),
    notFound: consoleScreen('ConsoleNotFoundRoute'),
  },
  // The shell waits for the user, and its banner shows the company's quota.
  shell: lazyComponent(() => import('./shell/app-shell'), [earlyUser, earlyQuota]),
  welcome: lazyComponent(() => import('./routes/app/welcome')),
  profile: lazyComponent(() => import('./routes/app/profile')),
  team: lazyComponent(() => import('./routes/app/team')),
  activity: lazyComponent(() => import('./routes/app/activity')),
  createClient: lazyComponent(() => import('./routes/app/create-client')),
  client: lazyComponent(() => import('./routes/app/client')),
};

export function createAppRoutes(): RouteObject[] {
  return [
    {
      path: paths.home,
      Component: RootLayout,
      children: [
        { path: paths.login, ...screens.login },
        {
          // Every other screen uses the data cache; it loads with them (./query-layout).
          ...screens.queries,
          children: [
            { path: paths.register, ...screens.register },
            { path: paths.forgotPassword, ...screens.forgotPassword },
            {
              path: routePatterns.resetPassword,
              ...screens.resetPassword,
            },
            { path: paths.verifyEmail, ...screens.verifyEmail },
            {
              path: paths.acceptInvitation,
              ...screens.acceptInvitation,
            },
            {
              path: 'console',
              children: [
                { path: 'setup', ...screens.console.setup },
                { path: 'login', ...screens.console.login },
                {
                  // The shell: a staff session, the app bar and the navigation around every other screen.
                  ...screens.console.shell,
                  children: [
                    { index: true, ...screens.console.overview },
                    { path: 'companies', ...screens.console.companies },
                    { path: 'companies/:companyId', ...screens.console.company },
                    { path: 'queues', ...screens.console.queues },
                    { path: 'verifier-keys', ...screens.console.verifierKeys },
                    { path: 'outbox', ...screens.console.outbox },
                    { path: 'plans', ...screens.console.plans },
                    { path: 'staff', ...screens.console.staff },
                    { path: 'trail', ...screens.console.trail },
                    { path: '*', ...screens.console.notFound },
                  ],
                },
              ],
            },
            {
              ...screens.shell,
              children: [
                { index: true, ...dashboardRoute },
                { path: paths.dashboard, ...dashboardRoute },
                { path: paths.welcome, ...screens.welcome },
                { path: paths.profile, ...screens.profile },
                { path: paths.team, ...screens.team },
                { path: paths.activity, ...screens.activity },
                { path: paths.createClient, ...screens.createClient },
                { path: routePatterns.client, ...screens.client },
                { path: '*', element: <Navigate to={paths.dashboard} replace /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

const appRoutes = createAppRoutes();

/**
 * Starts the calls of the screens the first address matches (the entry, before the first render), so
 * that they travel while the screens' code downloads (lib/early-call.ts).
 */
export function askForFirstScreensEarly(location: Partial<Location> | string, routes = appRoutes): void {
  for (const handle of matchedLazyHandles(routes, location)) {
    for (const early of handle.earlyCalls) early.start();
  }
}

/** Whether every screen `location` matches is here (no screen loaded on demand counts as here). */
function matchesLoaded(routes: RouteObject[], location: Partial<Location> | string): boolean {
  return matchedLazyHandles(routes, location).every((handle) => handle.isLoaded());
}

/**
 * Whether the first address's screens have arrived. Until then the app shows the spinner itself rather
 * than as a Suspense fallback: React holds back what replaces a fallback until 300 ms after the fallback
 * appeared, so a first visit whose screens arrived 50 ms after its spinner painted its page 250 ms late
 * (bench:web's /dashboard: the main thread idle from the user's answer to that mark).
 */
function useFirstScreensLoaded(routes: RouteObject[], firstLocation: Location): boolean {
  const [loaded, setLoaded] = useState(() => matchesLoaded(routes, firstLocation));
  useEffect(() => {
    if (loaded) return;
    let current = true;
    // A failed download is the screen's to report when it renders, so the app renders either way. The
    // screens render in a transition: in slices that let the browser in, not in one long task (design §7).
    const done = () => {
      if (current) startTransition(() => setLoaded(true));
    };
    preloadMatches(routes, firstLocation).then(done, done);
    return () => {
      current = false;
    };
  }, [loaded, routes, firstLocation]);
  return loaded;
}

/**
 * The early answers are the first address's (askForFirstScreensEarly): dropped as the visit leaves it, in
 * a layout effect, before the next screens' queries (which subscribe in passive effects) could take them.
 */
function useEarlyAnswersForTheFirstAddressOnly(location: Location, firstLocation: Location): void {
  useLayoutEffect(() => {
    if (location !== firstLocation) dropEarlyAnswers();
  }, [location, firstLocation]);
}

/**
 * The app's routes at the router's location. The first address shows the spinner until its screens are
 * here; later, navigations run in a transition, so the page stays until the next one is ready (the
 * Suspense fallback remains for a screen reached outside a transition before its code is here). A
 * failure while rendering or loading a screen shows the error page (spec §2) until the next navigation.
 */
function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  const location = useLocation();
  void preloadMatches(routes, location).catch(() => {
    // The screen that needs the module reports the failure when it renders.
  });
  const [firstLocation] = useState(location);
  useEarlyAnswersForTheFirstAddressOnly(location, firstLocation);
  const firstScreensLoaded = useFirstScreensLoaded(routes, firstLocation);
  const element = useRoutes(routes, location);
  return (
    <RouteErrorBoundary location={location}>
      {firstScreensLoaded ? <Suspense fallback={<PageSpinner />}>{element}</Suspense> : <PageSpinner />}
    </RouteErrorBoundary>
  );
}

/** The router on `history` (the browser's in the app, a memory history in tests), with every route. */
export function AppRouter({ history, routes }: { history: BlockableHistory; routes?: RouteObject[] }) {
  return (
    <BlockableHistoryContext.Provider value={history}>
      <HistoryRouter history={history}>
        <AppRoutes routes={routes} />
      </HistoryRouter>
    </BlockableHistoryContext.Provider>
  );
}
