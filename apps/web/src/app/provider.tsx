// Everything the screens rely on, composed once: theme and display mode, data cache, snackbars, and the
// session's side effects (token refresh timer; clearing every cached query and the analytics identity
// when the session ends). Analytics starts with the tools the deployment's config switches on.
import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from '@/components/feedback/snackbar-provider';
import { resetAnalytics, startAnalytics } from '@/lib/analytics/analytics';
import { appConfigQueryOptions } from '@/lib/app-config';
import { onSessionEnd } from '@/lib/auth/session-store';
import { startTokenRefreshTimer } from '@/lib/auth/token-refresh';
import { createQueryClient } from '@/lib/query-client';
import { ColorModeProvider } from '@/lib/theme/color-mode';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client so that no cache leaks between them. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient: givenClient }: AppProviderProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());

  // Logout or a 401 ends the session: the user, the token list and everything else cached goes with it.
  useEffect(
    () =>
      onSessionEnd(() => {
        queryClient.clear();
        resetAnalytics();
      }),
    [queryClient],
  );
  useEffect(() => startTokenRefreshTimer(), []);
  useEffect(() => {
    // Without the config no tool is known to be wanted: the held events are dropped.
    queryClient.fetchQuery(appConfigQueryOptions()).then(
      (config) => startAnalytics(config.analytics),
      () => startAnalytics({}),
    );
  }, [queryClient]);

  return (
    <ColorModeProvider>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>{children}</SnackbarProvider>
      </QueryClientProvider>
    </ColorModeProvider>
  );
}
