// A link that cannot be used says why in the words of design §9 (wrong, expired, withdrawn, used) and
// where to go next, never an error page.
import { INVITATION_PROBLEM_MESSAGES, type InvitationProblem } from '@datafeeds/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function InvitationProblemNotice({
  problem,
  signedIn,
}: {
  problem: InvitationProblem;
  signedIn: boolean;
}) {
  return (
    <Stack spacing={3} alignItems="flex-start">
      <Alert
        severity={problem === 'invitation_used' ? 'info' : 'warning'}
        role="alert"
        sx={{ width: '100%' }}
      >
        {INVITATION_PROBLEM_MESSAGES[problem]}
      </Alert>
      <Button component={Link} to={signedIn ? paths.dashboard : paths.login} variant="contained" size="large">
        {signedIn ? 'Go to the dashboard' : 'Sign in'}
      </Button>
    </Stack>
  );
}
