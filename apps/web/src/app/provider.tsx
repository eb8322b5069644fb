// Everything the screens rely on, composed once: theme and display mode, data cache, snackbars, and the
// session's side effects (token refresh timer; clearing every cached query when the session ends).
import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from '@/components/feedback/snackbar-provider';
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
  useEffect(() => onSessionEnd(() => queryClient.clear()), [queryClient]);
  useEffect(() => startTokenRefreshTimer(), []);

  return (
    <ColorModeProvider>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>{children}</SnackbarProvider>
      </QueryClientProvider>
    </ColorModeProvider>
  );
}
