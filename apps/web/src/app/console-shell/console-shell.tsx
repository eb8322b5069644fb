// The console's shell (design §11), beside the customer's (../shell) in the same frame
// (components/layouts/shell-layout.tsx): the app bar, the navigation, and the screen in the outlet.
// Guarded: without a staff session (none in memory and none the refresh cookie can renew) it sends to
// the console's sign-in; the member is read before any screen shows, so that a screen knows the role
// when it decides which actions to offer.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { useWideScreen } from '@/components/console/use-wide-screen';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { ShellLayout } from '@/components/layouts/shell-layout';
import { consolePaths } from '@/config/console-paths';
import { useStaffMe } from '@/lib/console/use-staff-me';
import { useStaffSignOut } from '@/lib/console/staff-sign-out';
import { ConsoleAppBar } from './console-app-bar';
import { ConsoleNavDrawer } from './console-nav-drawer';
import { useStaffSession } from './use-staff-session';

const NAV_ID = 'console-navigation';

export function ConsoleShell() {
  const session = useStaffSession();
  if (session.state === 'checking') return <PageSpinner label="Checking your staff session" />;
  if (session.state === 'signed-out') return <Navigate to={consolePaths.login} replace />;
  if (session.state === 'unavailable') {
    return (
      <Box component="main" sx={{ px: { xs: 2, md: 4 }, py: { xs: 3, md: 4 } }}>
        <LoadFailedAlert onRetry={session.retry}>
          Your staff session could not be checked: the server did not answer. Try again in a moment.
        </LoadFailedAlert>
      </Box>
    );
  }
  return <SignedInShell />;
}

function SignedInShell() {
  const narrow = !useWideScreen();
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const signOut = useStaffSignOut();
  const me = useStaffMe();

  let content;
  if (me.isPending) content = <PageSpinner label="Loading your staff account" />;
  else if (me.isError) {
    content = (
      <LoadFailedAlert onRetry={() => void me.refetch()}>
        Your staff account could not be read. Check your connection and try again.
      </LoadFailedAlert>
    );
  } else content = <Outlet />;

  const menu = { navId: NAV_ID, open: menuOpen };
  return (
    <ShellLayout
      navigation={
        <>
          <ConsoleAppBar
            member={me.data}
            menu={narrow ? { ...menu, onOpen: () => setMenuOpen(true) } : undefined}
            onSignOut={() =>
              void signOut().finally(() => void navigate(consolePaths.login, { replace: true }))
            }
          />
          <ConsoleNavDrawer
            member={me.data}
            menu={narrow ? { ...menu, onClose: () => setMenuOpen(false) } : undefined}
          />
        </>
      }
    >
      {/* The page starts below the fixed app bar. */}
      <Toolbar />
      {content}
    </ShellLayout>
  );
}
