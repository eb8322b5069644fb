// Registration (spec §2, §5): every field of registerSchema, availability checks when leaving the
// username and email fields, and a 3 s pause on the success message before entering the app.
import { useEffect } from 'react';
import {
  MESSAGES,
  REDIRECT_AFTER_REGISTRATION_MS,
  registerSchema,
  type RegisterInput,
  type RegisterRequest,
} from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm, type DefaultValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormTextField } from '@/components/form/form-text-field';
import { SubmitButton } from '@/components/form/submit-button';
import { PersonAndCompanyFields } from '@/components/form/person-and-company-fields';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { RouterLink } from '@/components/navigation/router-link';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { FIRST_VISIT_STATE } from '@/lib/navigation/first-visit';
import { useIsEmailTaken } from '../api/check-email';
import { useIsUsernameTaken } from '../api/check-username';
import { useRegister } from '../api/register';
import { applyRegisterServerErrors } from './apply-server-errors';
import { AccountFields } from './account-fields';
import { availabilityCheck } from './availability-check';

// The two terms checkboxes start unticked (undefined), which the schema reports with its own messages.
const EMPTY_FORM: DefaultValues<RegisterInput> = {
  firstName: '',
  lastName: '',
  companyName: '',
  email: '',
  username: '',
  password: '',
  phone: '',
};

export function RegisterForm() {
  const navigate = useNavigate();
  const registration = useRegister();
  const isUsernameTaken = useIsUsernameTaken();
  const isEmailTaken = useIsEmailTaken();
  const { control, handleSubmit, setError, trigger } = useForm<RegisterInput, unknown, RegisterRequest>({
    resolver: zodResolver(registerSchema),
    mode: 'onBlur',
    defaultValues: EMPTY_FORM,
  });

  useEffect(() => {
    if (!registration.isSuccess) return;
    const timer = setTimeout(
      () => void navigate(paths.home, { state: FIRST_VISIT_STATE }),
      REDIRECT_AFTER_REGISTRATION_MS,
    );
    return () => clearTimeout(timer);
  }, [registration.isSuccess, navigate]);

  const checkAvailability = availabilityCheck(trigger, setError);

  if (registration.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {MESSAGES.registrationSuccess}
      </Alert>
    );
  }

  const onSubmit = handleSubmit((values) => {
    track(EVENTS.submittedRegistration);
    registration.mutate(values, { onError: (error) => applyRegisterServerErrors(error, setError) });
  });
  const disabled = registration.isPending;

  return (
    <Box component="form" noValidate aria-label="Create your account" onSubmit={onSubmit}>
      <FormErrorAlert show={registration.isError}>{MESSAGES.registrationFailed}</FormErrorAlert>
      <PersonAndCompanyFields control={control} disabled={disabled} autoFocus />
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        disabled={disabled}
        onBlur={(value) => void checkAvailability('email', value, isEmailTaken, MESSAGES.emailTaken)}
      />
      <AccountFields
        control={control}
        disabled={disabled}
        onUsernameBlur={(value) =>
          void checkAvailability('username', value, isUsernameTaken, MESSAGES.usernameTaken)
        }
      />
      <SubmitButton loading={registration.isPending}>Create account</SubmitButton>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account? <RouterLink to={paths.login}>Sign in</RouterLink>
      </Typography>
    </Box>
  );
}
