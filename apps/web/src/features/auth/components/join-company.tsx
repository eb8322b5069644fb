// A signed-in person joins through the link with one button. The server has the last word: a person in
// another company, or signed in with another address than the invited one, gets its refusal in full,
// with a way to sign out and use the right account.
import type { InvitationSummary, User } from '@datafeeds/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/auth/logout';
import { useAcceptInvitation } from '../api/join-company';
import { invitationRefusal } from './invitation-refusal';

const JOIN_FAILED = 'Joining did not work. Check your connection and try again.';

interface JoinCompanyProps {
  token: string;
  invitation: InvitationSummary;
  /** The signed-in user, or null for an identity without a portal profile yet. */
  user: User | null;
}

export function JoinCompany({ token, invitation, user }: JoinCompanyProps) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const logout = useLogout();
  return (
    <Stack spacing={2} alignItems="flex-start">
      {user ? (
        <Typography>
          You are signed in as <strong>{user.email}</strong>.
        </Typography>
      ) : null}
      <FormErrorAlert show={accept.isError}>{invitationRefusal(accept.error) ?? JOIN_FAILED}</FormErrorAlert>
      {accept.isSuccess ? (
        <Alert severity="success" role="status">
          You joined {invitation.companyName}.
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: { xs: '100%', sm: 'auto' } }}>
        <Button
          variant="contained"
          size="large"
          loading={accept.isPending}
          disabled={accept.isSuccess}
          onClick={() =>
            accept.mutate(token, { onSuccess: () => void navigate(paths.dashboard, { replace: true }) })
          }
        >
          Join {invitation.companyName}
        </Button>
        <Button size="large" disabled={logout.isPending || accept.isPending} onClick={() => logout.mutate()}>
          Use another account
        </Button>
      </Stack>
    </Stack>
  );
}
