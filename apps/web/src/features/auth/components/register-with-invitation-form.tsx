// Registration through an invitation (design §9): the person's names and sign-in details only. The
// email is the invitation's (shown, not editable) and there are no company fields: they join the
// inviter's company. Success signs them in, as /register does, and opens the dashboard.
import {
  MESSAGES,
  registerWithInvitationSchema,
  type InvitationSummary,
  type RegisterWithInvitationInput,
  type RegisterWithInvitationRequest,
} from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import LockOutlined from '@/components/icons/lock-outlined';
import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { PersonNameFields } from '@/components/form/person-and-company-fields';
import { SubmitButton } from '@/components/form/submit-button';
import { TextInput } from '@/components/form/text-input';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { FIRST_VISIT_STATE } from '@/lib/navigation/first-visit';
import { useIsUsernameTaken } from '../api/check-username';
import { AccountFields } from './account-fields';
import { applyRegisterServerErrors } from './apply-server-errors';
import { availabilityCheck } from './availability-check';
import { useRegisterWithInvitation } from '../api/join-company';
import { invitationRefusal } from './invitation-refusal';

const FIELDS = [
  'firstName',
  'lastName',
  'username',
  'password',
  'phone',
  'userHasAgreedToTermsOfService',
  'userHasReadPrivacyPolicy',
];

interface RegisterWithInvitationFormProps {
  token: string;
  invitation: InvitationSummary;
}

export function RegisterWithInvitationForm({ token, invitation }: RegisterWithInvitationFormProps) {
  const navigate = useNavigate();
  const registration = useRegisterWithInvitation(
    () => void navigate(paths.dashboard, { replace: true, state: FIRST_VISIT_STATE }),
  );
  const isUsernameTaken = useIsUsernameTaken();
  const { control, handleSubmit, setError, trigger } = useForm<
    RegisterWithInvitationInput,
    unknown,
    RegisterWithInvitationRequest
  >({
    resolver: zodResolver(registerWithInvitationSchema),
    mode: 'onBlur',
    defaultValues: { token, firstName: '', lastName: '', username: '', password: '', phone: '' },
  });
  const checkAvailability = availabilityCheck(trigger, setError);

  const onSubmit = handleSubmit((values) => {
    track(EVENTS.submittedRegistration);
    registration.mutate(values, { onError: (error) => applyRegisterServerErrors(error, setError, FIELDS) });
  });
  const disabled = registration.isPending;

  return (
    <Box component="form" noValidate aria-label="Create your account" onSubmit={onSubmit}>
      <FormErrorAlert show={registration.isError}>
        {invitationRefusal(registration.error) ?? MESSAGES.registrationFailed}
      </FormErrorAlert>
      <PersonNameFields control={control} disabled={disabled} autoFocus />
      <TextInput
        name="email"
        label="Email"
        type="email"
        value={invitation.email}
        readOnly
        hint="The invitation was sent to this address."
        endAdornment={<LockOutlined titleAccess="Read-only" fontSize="small" color="action" />}
      />
      <AccountFields
        control={control}
        disabled={disabled}
        onUsernameBlur={(value) =>
          void checkAvailability('username', value, isUsernameTaken, MESSAGES.usernameTaken)
        }
      />
      <SubmitButton loading={registration.isPending}>Create account and join</SubmitButton>
    </Box>
  );
}
