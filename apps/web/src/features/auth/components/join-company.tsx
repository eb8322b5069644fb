// A signed-in person joins through the link. A person in another company, or signed in with another
// address than the invited one, reads why before any click (GetInvitation's `caller`), with a way to
// sign out and use the right account; the server still has the last word at the click. An identity
// without a portal profile yet (a sister-product import) first gives the names its profile starts with,
// as /welcome would ask.
import {
  JOIN_REFUSAL_MESSAGES,
  acceptInvitationRequestSchema,
  type InvitationSummary,
  type JoinRefusal,
  type User,
} from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { PersonNameFields } from '@/components/form/person-and-company-fields';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/account/logout';
import { FIRST_VISIT_STATE } from '@/lib/navigation/first-visit';
import { useAcceptInvitation, type AcceptInvitationRequest } from '../api/join-company';
import { invitationRefusal } from './invitation-refusal';

const JOIN_FAILED = 'Joining did not work. Check your connection and try again.';

/** Names are optional to the API; a profile made here has them, as every other profile does. */
const withNamesSchema = acceptInvitationRequestSchema.required({ firstName: true, lastName: true });

interface JoinCompanyProps {
  token: string;
  invitation: InvitationSummary;
  /** The signed-in user, or null for an identity without a portal profile yet. */
  user: User | null;
}

/** The account cannot join through this link: why, and the ways on (another account, its dashboard). */
function CannotJoin({
  invitation,
  email,
  refusal,
}: {
  invitation: InvitationSummary;
  email: string;
  refusal: JoinRefusal;
}) {
  const logout = useLogout();
  return (
    <Stack spacing={2} alignItems="flex-start">
      <Alert severity="warning" role="alert" sx={{ width: '100%' }}>
        {JOIN_REFUSAL_MESSAGES[refusal]}
      </Alert>
      <Typography>
        You are signed in as <strong>{email}</strong>.
        {refusal === 'email_mismatch' ? (
          <>
            {' '}
            This invitation is for <strong>{invitation.email}</strong>.
          </>
        ) : null}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" size="large" disabled={logout.isPending} onClick={() => logout.mutate()}>
          Use another account
        </Button>
        <Button component={Link} to={paths.dashboard} size="large">
          Go to the dashboard
        </Button>
      </Stack>
    </Stack>
  );
}

export function JoinCompany(props: JoinCompanyProps) {
  const { caller } = props.invitation;
  if (caller?.refusal)
    return <CannotJoin invitation={props.invitation} email={caller.email} refusal={caller.refusal} />;
  return <JoinForm {...props} />;
}

function JoinForm({ token, invitation, user }: JoinCompanyProps) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const logout = useLogout();
  const { control, handleSubmit } = useForm<Required<AcceptInvitationRequest>>({
    // With a profile, the names are already known: only the token goes.
    resolver: user === null ? zodResolver(withNamesSchema) : undefined,
    mode: 'onBlur',
    defaultValues: { token, firstName: '', lastName: '' },
  });
  const busy = accept.isPending || accept.isSuccess;

  const onSubmit = handleSubmit((values) =>
    accept.mutate(user === null ? values : { token }, {
      // Without a profile before, this is the person's first visit.
      onSuccess: () =>
        void navigate(paths.dashboard, {
          replace: true,
          state: user === null ? FIRST_VISIT_STATE : undefined,
        }),
    }),
  );

  return (
    <Box component="form" noValidate aria-label={`Join ${invitation.companyName}`} onSubmit={onSubmit}>
      <FormErrorAlert show={accept.isError}>{invitationRefusal(accept.error) ?? JOIN_FAILED}</FormErrorAlert>
      {user ? (
        <Typography sx={{ mb: 2 }}>
          You are signed in as <strong>{user.email}</strong>.
        </Typography>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>Tell your colleagues who you are.</Typography>
          <PersonNameFields control={control} disabled={busy} autoFocus />
        </>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button type="submit" variant="contained" size="large" loading={accept.isPending} disabled={busy}>
          Join {invitation.companyName}
        </Button>
        <Button size="large" disabled={logout.isPending || busy} onClick={() => logout.mutate()}>
          Use another account
        </Button>
      </Stack>
    </Box>
  );
}
