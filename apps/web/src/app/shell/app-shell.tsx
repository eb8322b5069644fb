// The authenticated shell and its rules (spec §2): no token → /login; with a token, fetch the user first
// (spinner); an identity without a profile goes to /welcome; a user who has one never sees /welcome.
import { roleMay } from '@datafeeds/domain';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { ShellLayout } from '@/components/layouts/shell-layout';
import { paths } from '@/config/paths';
import { QuotaBanner } from '@/features/quota/components/quota-banner';
import { SuspensionBanner } from '@/features/suspension/components/suspension-banner';
import { UpgradeAccountButton } from '@/features/upgrade/components/upgrade-account-button';
import { identify } from '@/lib/analytics/analytics';
import { getToken } from '@/lib/auth/session-store';
import { CompanySuspendedContext } from '@/lib/auth/company-suspension';
import { useSessionToken } from '@/lib/auth/use-session';
import { userQueryOptions } from '@/lib/account/user';
import { appQueryClient } from '../query-layout';
import { Sidebar } from './sidebar';

// A visit that opens with a session has its user in the data cache as soon as this code is here rather
// than at the shell's first render, which waits for the screen's other chunks: the query takes the answer
// the entry asked for (lib/auth/early-user.ts), or asks now (a visit whose entry saw no session).
if (getToken() !== null) void appQueryClient.prefetchQuery(userQueryOptions());

interface LoginRedirectState {
  from?: string;
}

export default function AppShell() {
  const token = useSessionToken();
  const location = useLocation();
  const userQuery = useQuery({ ...userQueryOptions(), enabled: token !== null });
  const signedInUser = userQuery.data;

  // The analytics tools learn who is signed in as soon as the user is known: after a login, a
  // registration, a completed welcome form or a reload.
  useEffect(() => {
    if (signedInUser) identify(signedInUser);
  }, [signedInUser]);

  if (token === null) {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (userQuery.isPending) return <PageSpinner label="Loading your account" />;
  if (userQuery.isError) {
    return (
      <Box sx={{ p: 3, maxWidth: 560, mx: 'auto' }}>
        <LoadFailedAlert onRetry={() => void userQuery.refetch()}>
          Your account could not be loaded. Check your connection and try again.
        </LoadFailedAlert>
      </Box>
    );
  }

  const user = userQuery.data;
  const onWelcome = location.pathname === paths.welcome;
  if (user === null && !onWelcome) return <Navigate to={paths.welcome} replace />;
  if (user !== null && onWelcome) return <Navigate to={paths.dashboard} replace />;

  const suspension = user?.suspension ?? null;
  return (
    <ShellLayout navigation={<Sidebar />}>
      <CompanySuspendedContext.Provider value={suspension !== null}>
        {/* A suspension concerns every page of a member (design §11); the quota means nothing during it. */}
        {suspension === null ? null : <SuspensionBanner suspension={suspension} />}
        {/* The company's quota concerns every page of a member; an identity without a profile has none yet. */}
        {user === null || suspension !== null ? null : (
          <QuotaBanner
            upgradeAction={
              // The upgrade is what lifts a trial's limits: offered to the owner, until it is asked for.
              user.companyAccountStatus === 'trial' &&
              user.upgradeRequestedAt === null &&
              roleMay(user.role, 'requestUpgrade') ? (
                <UpgradeAccountButton user={user} />
              ) : undefined
            }
          />
        )}
        <Outlet />
      </CompanySuspendedContext.Provider>
    </ShellLayout>
  );
}
