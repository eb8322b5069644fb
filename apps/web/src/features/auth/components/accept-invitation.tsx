// /accept-invitation?token=… (design §9), signed in or not: what the link offers, then the one way
// forward that fits — join (signed in), sign in first (an account exists), or register (no account).
import { formatDate, roleWithArticle, type InvitationSummary } from '@datafeeds/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { LoadFailedAlert } from '@/components/feedback/load-failed-alert';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { useSessionToken } from '@/lib/auth/use-session';
import { userQueryOptions } from '@/lib/account/user';
import { invitationProblemOf, useInvitation } from '../api/get-invitation';
import { InvitationProblemNotice } from './invitation-problem';
import { JoinCompany } from './join-company';
import { RegisterWithInvitationForm } from './register-with-invitation-form';

const INVITATION_LOAD_FAILED = 'The invitation could not be loaded. Check your connection and try again.';
export const SIGN_IN_TO_ACCEPT = 'Sign in to accept';

function Waiting({ label }: { label: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{label}</Typography>
    </Box>
  );
}

const invitationSubtitle = (invitation: InvitationSummary) =>
  `${invitation.invitedBy ?? 'A colleague'} invited ${invitation.email} to join ${invitation.companyName} ` +
  `as ${roleWithArticle(invitation.role)}. The link works until ` +
  `${formatDate(invitation.expiresAt)}.`;

function SignInToAccept({ invitation }: { invitation: InvitationSummary }) {
  const location = useLocation();
  // The sign-in page returns here afterwards (its `from`), where the Join button waits.
  const from = `${location.pathname}${location.search}`;
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Typography>
        {invitation.email} already has an account. Sign in with it, and you come back here to join{' '}
        {invitation.companyName}.
      </Typography>
      <Button component={Link} to={paths.login} state={{ from }} variant="contained" size="large">
        {SIGN_IN_TO_ACCEPT}
      </Button>
    </Stack>
  );
}

function InvitationAction({ token, invitation }: { token: string; invitation: InvitationSummary }) {
  const signedIn = useSessionToken() !== null;
  const userQuery = useQuery({ ...userQueryOptions(), enabled: signedIn });
  if (!signedIn)
    return invitation.accountExists ? (
      <SignInToAccept invitation={invitation} />
    ) : (
      <RegisterWithInvitationForm token={token} invitation={invitation} />
    );
  if (userQuery.isPending) return <Waiting label="Loading your account…" />;
  if (userQuery.isError)
    return (
      <LoadFailedAlert onRetry={() => void userQuery.refetch()}>
        Your account could not be loaded. Check your connection and try again.
      </LoadFailedAlert>
    );
  return <JoinCompany token={token} invitation={invitation} user={userQuery.data} />;
}

export function AcceptInvitation({ token }: { token: string }) {
  const signedIn = useSessionToken() !== null;
  const invitationQuery = useInvitation(token);

  if (invitationQuery.isPending)
    return (
      <AuthLayout title="Your invitation">
        <Waiting label="Opening your invitation…" />
      </AuthLayout>
    );
  if (invitationQuery.isError) {
    const problem = invitationProblemOf(invitationQuery.error);
    return (
      <AuthLayout title="Your invitation">
        {problem ? (
          <InvitationProblemNotice problem={problem} signedIn={signedIn} />
        ) : (
          <LoadFailedAlert onRetry={() => void invitationQuery.refetch()}>
            {INVITATION_LOAD_FAILED}
          </LoadFailedAlert>
        )}
      </AuthLayout>
    );
  }
  const invitation = invitationQuery.data;
  return (
    <AuthLayout title={`Join ${invitation.companyName}`} subtitle={invitationSubtitle(invitation)}>
      <InvitationAction token={token} invitation={invitation} />
    </AuthLayout>
  );
}
