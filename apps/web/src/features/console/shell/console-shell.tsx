// The console's shell (design §11): an app bar with the product, the signed-in member and sign-out, the
// navigation (a drawer beside the page from 1200 px up, behind a menu button below, so that at 900 px
// the tables have the whole width), and the screen in the outlet. Guarded: without a staff session (none
// in memory and none the refresh cookie can renew) it sends to the console's sign-in; the member is read
// before any screen shows, so that a screen knows the role when it decides which actions to offer.
import * as staffConsole from '@datafeeds/domain/calls/console';
import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@/components/icons/menu';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { PageSpinner } from '@/components/feedback/page-spinner';
import { ColorModeToggle } from '@/components/theme/color-mode-toggle';
import { consoleCall, setStaffToken } from '../console-client';
import { consolePaths } from '../console-paths';
import { CONSOLE_PRODUCT_NAME } from '../console-texts';
import { useStaffMe } from '../use-staff-me';
import { useWideScreen } from '../use-wide-screen';
import { ConsoleNav } from './console-nav';
import { useStaffSession } from './use-staff-session';

const DRAWER_WIDTH = 240;
const MAIN_CONTENT_ID = 'console-main';
const NAV_ID = 'console-navigation';

export function ConsoleShell() {
  const session = useStaffSession();
  if (session === 'checking') return <PageSpinner label="Checking your staff session" />;
  if (session === 'signed-out') return <Navigate to={consolePaths.login} replace />;
  return <SignedInShell />;
}

function SignedInShell() {
  const narrow = !useWideScreen();
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useStaffMe();

  const signOut = async () => {
    try {
      await consoleCall(staffConsole.consoleLogout);
    } finally {
      setStaffToken(null);
      queryClient.removeQueries({ queryKey: ['console'] });
      void navigate(consolePaths.login, { replace: true });
    }
  };

  let content;
  if (me.isPending) content = <PageSpinner label="Loading your staff account" />;
  else if (me.isError) {
    content = (
      <LoadFailedAlert onRetry={() => void me.refetch()}>
        Your staff account could not be read. Check your connection and try again.
      </LoadFailedAlert>
    );
  } else content = <Outlet />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      {/* Keyboard users reach the screen without tabbing through the navigation first. */}
      <Link
        href={`#${MAIN_CONTENT_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (t) => t.zIndex.tooltip,
          px: 2,
          py: 1,
          bgcolor: 'background.paper',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Link>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          {narrow ? (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open navigation"
              aria-controls={NAV_ID}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          ) : null}
          <Typography component="p" variant="h6" noWrap sx={{ minWidth: 0 }}>
            {CONSOLE_PRODUCT_NAME}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {me.data ? (
            <Typography noWrap sx={{ minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
              {me.data.email} ({me.data.role})
            </Typography>
          ) : null}
          <ColorModeToggle />
          <Button color="inherit" onClick={() => void signOut()} sx={{ flexShrink: 0 }}>
            Sign out
          </Button>
        </Toolbar>
      </AppBar>
      {narrow ? (
        <Drawer
          id={NAV_ID}
          variant="temporary"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          <Box component="nav" aria-label="Console">
            {me.data ? (
              <Typography variant="body2" sx={{ px: 2, pt: 2, overflowWrap: 'anywhere' }}>
                Signed in as {me.data.email} ({me.data.role})
              </Typography>
            ) : null}
            <ConsoleNav role={me.data?.role} onNavigate={() => setMenuOpen(false)} />
          </Box>
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          component="nav"
          aria-label="Console"
          sx={{
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          {/* Below the fixed app bar. */}
          <Toolbar />
          <ConsoleNav role={me.data?.role} />
        </Drawer>
      )}
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, md: 4 }, pb: { xs: 3, md: 4 }, outline: 'none' }}
      >
        <Toolbar />
        <Box sx={{ pt: { xs: 3, md: 4 } }}>{content}</Box>
      </Box>
    </Box>
  );
}
