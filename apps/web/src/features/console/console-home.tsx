// The console's shell and home (design §11): who is signed in, and sign-out. Guarded: without a staff
// session (none in memory and none the refresh cookie can renew) it sends to the console's sign-in.
import * as staffConsole from '@datafeeds/domain/calls/console';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/feedback/page-spinner';
import {
  consoleCall,
  getStaffToken,
  onStaffTokenChange,
  refreshStaffSession,
  setStaffToken,
} from './console-client';
import { consolePaths } from './console-paths';

function useStaffSession(): 'checking' | 'signed-in' | 'signed-out' {
  const token = useSyncExternalStore(onStaffTokenChange, getStaffToken);
  const [tried, setTried] = useState(token !== null);
  useEffect(() => {
    if (tried) return;
    void refreshStaffSession()
      .catch(() => false)
      .finally(() => setTried(true));
  }, [tried]);
  if (token !== null) return 'signed-in';
  return tried ? 'signed-out' : 'checking';
}

export function ConsoleHome() {
  const session = useStaffSession();
  if (session === 'checking') return <PageSpinner />;
  if (session === 'signed-out') return <Navigate to={consolePaths.login} replace />;
  return <SignedInConsole />;
}

function SignedInConsole() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: ['console', 'me'], queryFn: () => consoleCall(staffConsole.getStaffMe) });
  const signOut = async () => {
    try {
      await consoleCall(staffConsole.consoleLogout);
    } finally {
      setStaffToken(null);
      queryClient.removeQueries({ queryKey: ['console'] });
      void navigate(consolePaths.login, { replace: true });
    }
  };
  return (
    <Box>
      <title>DataFeeds console</title>
      <AppBar position="static">
        <Toolbar sx={{ gap: 2 }}>
          <Typography component="p" variant="h6" sx={{ flexGrow: 1 }}>
            DataFeeds console
          </Typography>
          {me.data && (
            <Typography aria-label="Signed in as">
              {me.data.email} ({me.data.role})
            </Typography>
          )}
          <Button color="inherit" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" sx={{ py: 4 }}>
        <Typography component="h1" variant="h4" gutterBottom>
          Console
        </Typography>
        {me.isError && <Typography role="alert">Your staff account could not be read.</Typography>}
        <Typography>
          This is the start of the provider console. The overview, companies, queues, verifier keys, email
          outbox, plans and staff screens come next.
        </Typography>
      </Container>
    </Box>
  );
}
