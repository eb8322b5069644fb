// Staff sign-in (design §11): email, password and the authenticator's 6-digit code, or a recovery code.
// Refusals show the API's own messages (wrong credentials, disabled, locked for 15 minutes); so does an
// open tab sent here because its member was disabled meanwhile ("Ways back").
import { consoleLoginRequestSchema } from '@datafeeds/domain/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { FormTextField } from '@/components/form/form-text-field';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';
import { isHttpError } from '@/lib/api-errors';
import { staffSignedOutReason } from '@/lib/console/staff-session';
import { consolePaths } from '@/config/console-paths';
import { useConsoleLogin } from '../api/console-login';

function refusalOf(error: unknown): string {
  if (isHttpError(error) && error.data?.message) return error.data.message;
  return error instanceof Error ? error.message : 'Sign-in failed. Please try again.';
}

export function ConsoleLoginForm() {
  const navigate = useNavigate();
  // Read once: the reason belongs to the session that ended, not to the attempts made here.
  const [signedOut] = useState(staffSignedOutReason);
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  // After the toggle the new code field takes the focus, so a keyboard user types straight into it.
  const [toggled, setToggled] = useState(false);
  const login = useConsoleLogin(() => void navigate(consolePaths.home, { replace: true }));
  const { control, handleSubmit, resetField } = useForm({
    resolver: zodResolver(consoleLoginRequestSchema),
    mode: 'onBlur',
    defaultValues: { email: '', password: '', code: '' },
  });
  return (
    <Box
      component="form"
      noValidate
      aria-label="Sign in to the console"
      onSubmit={handleSubmit((body) => login.mutate(body))}
    >
      {signedOut && !login.isError ? (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {signedOut}
        </Alert>
      ) : null}
      <FormErrorAlert show={login.isError}>{refusalOf(login.error)}</FormErrorAlert>
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        required
      />
      <PasswordField
        control={control}
        name="password"
        label="Password"
        autoComplete="current-password"
        required
      />
      {useRecoveryCode ? (
        <FormTextField
          key="recovery-code"
          control={control}
          name="code"
          label="Recovery code"
          autoComplete="off"
          required
          autoFocus={toggled}
        />
      ) : (
        <FormTextField
          key="authenticator-code"
          control={control}
          name="code"
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus={toggled}
        />
      )}
      <Button
        size="small"
        onClick={() => {
          resetField('code');
          setUseRecoveryCode((current) => !current);
          setToggled(true);
        }}
      >
        {useRecoveryCode ? 'Use the authenticator code' : 'Use a recovery code'}
      </Button>
      <SubmitButton loading={login.isPending}>Sign in</SubmitButton>
    </Box>
  );
}
