// First-login profile completion (spec §2). The new profile goes into the cache only after the 2 s
// success message: the shell sends any user who has a profile away from /welcome at once. The form
// starts empty because an identity without a profile has nothing on record to prefill.
import { useEffect } from 'react';
import { MESSAGES, REDIRECT_AFTER_WELCOME_MS, welcomeSchema, type WelcomeInput } from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormTextField } from '@/components/form/form-text-field';
import { SubmitButton } from '@/components/form/submit-button';
import { PersonAndCompanyFields } from '@/components/form/person-and-company-fields';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { userQueryKey } from '@/lib/account/user';
import { FIRST_VISIT_STATE } from '@/lib/navigation/first-visit';
import { useCreateUser } from '../api/create-user';

const EMPTY_FORM: WelcomeInput = { firstName: '', lastName: '', companyName: '', phone: '' };

export function WelcomeForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createUser = useCreateUser();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(welcomeSchema),
    mode: 'onBlur',
    defaultValues: EMPTY_FORM,
  });

  const createdUser = createUser.data;
  useEffect(() => {
    if (!createdUser) return;
    const timer = setTimeout(() => {
      queryClient.setQueryData(userQueryKey, createdUser);
      void navigate(paths.dashboard, { replace: true, state: FIRST_VISIT_STATE });
    }, REDIRECT_AFTER_WELCOME_MS);
    return () => clearTimeout(timer);
  }, [createdUser, navigate, queryClient]);

  if (createUser.isSuccess) {
    return (
      <Alert severity="success" role="status">
        {MESSAGES.welcomeSuccess}
      </Alert>
    );
  }

  const disabled = createUser.isPending;
  return (
    <Box
      component="form"
      noValidate
      aria-label="Complete your profile"
      onSubmit={handleSubmit((values) => {
        track(EVENTS.submittedWelcome);
        createUser.mutate(values);
      })}
    >
      <FormErrorAlert show={createUser.isError}>{MESSAGES.welcomeFailed}</FormErrorAlert>
      <PersonAndCompanyFields control={control} disabled={disabled} autoFocus />
      <FormTextField
        control={control}
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        disabled={disabled}
      />
      <SubmitButton loading={createUser.isPending}>Save and continue</SubmitButton>
    </Box>
  );
}
