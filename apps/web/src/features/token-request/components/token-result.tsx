// The result view (spec §2): the new token's credentials, shown once. As in unkey's secret reveal,
// leaving before the secret was copied asks for confirmation, whether by a link, the browser's back
// button, a reload or 'Request another token'. Signing out is never held back.
import { useEffect, useRef, useState } from 'react';
import type { ClientCredentials as Credentials } from '@datafeeds/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { ClientCredentials } from '@/components/credentials/client-credentials';
import { LeaveWithoutCopyingDialog } from '@/components/credentials/leave-without-copying-dialog';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/account/user';
import { useBlocker } from '@/lib/navigation/use-blocker';
import {
  GO_TO_DASHBOARD,
  PENDING_NOTE,
  REQUEST_ANOTHER,
  RESULT_HEADING,
  RESULT_INTRO,
} from './token-request-texts';

export interface TokenResultProps {
  credentials: Credentials;
  onRequestAnother: () => void;
}

export function TokenResult({ credentials, onRequestAnother }: TokenResultProps) {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [secretCopied, setSecretCopied] = useState(false);
  const [confirmingAnother, setConfirmingAnother] = useState(false);
  const blocker = useBlocker(({ nextLocation }) => !secretCopied && nextLocation.pathname !== paths.login);

  // The form that had focus is gone: take screen reader and keyboard users to the result.
  useEffect(() => headingRef.current?.focus(), []);

  useEffect(() => {
    if (secretCopied) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [secretCopied]);

  const requestAnother = () => (secretCopied ? onRequestAnother() : setConfirmingAnother(true));
  const leave = () => {
    if (blocker.state === 'blocked') blocker.proceed();
    else onRequestAnother();
  };
  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setConfirmingAnother(false);
  };

  return (
    <Box sx={{ maxWidth: 720, minWidth: 0 }}>
      <Typography ref={headingRef} tabIndex={-1} variant="h3" component="h2" sx={{ outline: 'none' }}>
        {RESULT_HEADING}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {RESULT_INTRO}
      </Typography>
      {user?.emailVerified === false ? (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {PENDING_NOTE}
        </Alert>
      ) : null}
      <ClientCredentials
        clientId={credentials.clientId}
        clientSecret={credentials.clientSecret}
        onSecretCopied={() => setSecretCopied(true)}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3 }}>
        <Button variant="contained" onClick={() => void navigate(paths.dashboard)}>
          {GO_TO_DASHBOARD}
        </Button>
        <Button variant="outlined" onClick={requestAnother}>
          {REQUEST_ANOTHER}
        </Button>
      </Box>
      <LeaveWithoutCopyingDialog
        open={blocker.state === 'blocked' || confirmingAnother}
        onLeave={leave}
        onStay={stay}
      />
    </Box>
  );
}
