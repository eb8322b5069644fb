// Every route of spec §2. Each screen is loaded on demand, so the sign-in page does not download the
// signed-in app.
import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '@/components/errors/route-error-page';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { paths, routePatterns } from '@/config/paths';
import { RootLayout } from './root-layout';
import type * as ConsoleScreens from './routes/console/console-app';

function lazyComponent(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

/** A console screen: all of them are in one chunk of their own (design §11), never in a customer's page. */
function consoleScreen(name: keyof typeof ConsoleScreens) {
  return async () => ({ Component: (await import('./routes/console/console-app'))[name] });
}

const dashboardRoute = lazyComponent(() => import('./routes/app/dashboard'));

export function createAppRoutes(): RouteObject[] {
  return [
    {
      path: paths.home,
      Component: RootLayout,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        { path: paths.login, lazy: lazyComponent(() => import('./routes/auth/login')) },
        { path: paths.register, lazy: lazyComponent(() => import('./routes/auth/register')) },
        { path: paths.forgotPassword, lazy: lazyComponent(() => import('./routes/auth/forgot-password')) },
        {
          path: routePatterns.resetPassword,
          lazy: lazyComponent(() => import('./routes/auth/reset-password')),
        },
        { path: paths.verifyEmail, lazy: lazyComponent(() => import('./routes/auth/verify-email')) },
        {
          path: paths.acceptInvitation,
          lazy: lazyComponent(() => import('./routes/auth/accept-invitation')),
        },
        {
          path: 'console',
          children: [
            { path: 'setup', lazy: consoleScreen('ConsoleSetupRoute') },
            { path: 'login', lazy: consoleScreen('ConsoleLoginRoute') },
            {
              // The shell: a staff session, the app bar and the navigation around every other screen.
              lazy: consoleScreen('ConsoleShellRoute'),
              children: [
                { index: true, lazy: consoleScreen('ConsoleOverviewRoute') },
                { path: 'companies', lazy: consoleScreen('ConsoleCompaniesRoute') },
                { path: 'companies/:companyId', lazy: consoleScreen('ConsoleCompanyRoute') },
                { path: 'queues', lazy: consoleScreen('ConsoleQueuesRoute') },
                { path: 'verifier-keys', lazy: consoleScreen('ConsoleVerifierKeysRoute') },
                { path: 'outbox', lazy: consoleScreen('ConsoleOutboxRoute') },
                { path: 'plans', lazy: consoleScreen('ConsolePlansRoute') },
                { path: 'staff', lazy: consoleScreen('ConsoleStaffRoute') },
                { path: 'trail', lazy: consoleScreen('ConsoleTrailRoute') },
                { path: '*', lazy: consoleScreen('ConsoleNotFoundRoute') },
              ],
            },
          ],
        },
        {
          lazy: lazyComponent(() => import('./shell/app-shell')),
          children: [
            { index: true, lazy: dashboardRoute },
            { path: paths.dashboard, lazy: dashboardRoute },
            { path: paths.welcome, lazy: lazyComponent(() => import('./routes/app/welcome')) },
            { path: paths.profile, lazy: lazyComponent(() => import('./routes/app/profile')) },
            { path: paths.team, lazy: lazyComponent(() => import('./routes/app/team')) },
            { path: paths.activity, lazy: lazyComponent(() => import('./routes/app/activity')) },
            { path: paths.createClient, lazy: lazyComponent(() => import('./routes/app/create-client')) },
            { path: routePatterns.client, lazy: lazyComponent(() => import('./routes/app/client')) },
            { path: '*', element: <Navigate to={paths.dashboard} replace /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
