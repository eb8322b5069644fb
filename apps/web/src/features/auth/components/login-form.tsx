import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PasswordInput } from '@/components/form/password-input';
import { SubmitButton } from '@/components/form/submit-button';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { TextInput } from '@/components/form/text-input';
import { RouterLink } from '@/components/navigation/router-link';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { useLogin } from '../api/login';
import { loginErrorMessage } from './login-error-message';
import { useLoginForm } from './use-login-form';

export function LoginForm() {
  const login = useLogin();
  const { bind, onSubmit } = useLoginForm((request) => {
    track(EVENTS.submittedLogin);
    login.mutate(request);
  });

  return (
    <Box component="form" noValidate aria-label="Sign in" onSubmit={(event) => void onSubmit(event)}>
      <FormErrorAlert show={login.isError}>{loginErrorMessage(login.error)}</FormErrorAlert>
      <TextInput {...bind('email')} label="Email" type="email" autoComplete="email" autoFocus />
      <PasswordInput {...bind('password')} label="Password" autoComplete="current-password" />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <RouterLink to={paths.forgotPassword} onClick={() => track(EVENTS.clickedForgotPassword)}>
          Forgot password
        </RouterLink>
      </Box>
      <SubmitButton loading={login.isPending}>Sign in</SubmitButton>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        New to DataFeeds?{' '}
        <RouterLink to={paths.register} onClick={() => track(EVENTS.clickedSignUp)}>
          Sign up
        </RouterLink>
      </Typography>
    </Box>
  );
}
