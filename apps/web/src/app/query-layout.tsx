// The data cache (TanStack Query) around every screen but the sign-in page, loaded with them: the sign-in
// page is the first page most visitors load, and the cache's client is 10 kB gzip of it (design §7).
// Logout or a 401 ends the session: the user, the token list and everything else cached goes with it.
import { useContext, useEffect } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { onSessionEnd } from '@/lib/auth/session-store';
import { createQueryClient } from '@/lib/query-client';

/** The visit's one cache: the screens come and go (the sign-in page has none), the cache stays. */
export const appQueryClient = createQueryClient();
onSessionEnd(() => appQueryClient.clear());

export default function QueryLayout() {
  // Tests give each render a client of its own, from above.
  const givenClient = useContext(QueryClientContext);
  useEffect(() => (givenClient ? onSessionEnd(() => givenClient.clear()) : undefined), [givenClient]);
  if (givenClient) return <Outlet />;
  return (
    <QueryClientProvider client={appQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
