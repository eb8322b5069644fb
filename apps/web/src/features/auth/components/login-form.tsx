import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { RouterLink } from '@/components/navigation/router-link';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import { useLogin } from '../api/login';
import { loginErrorMessage } from './login-error-message';

// The schema and zod are fetched at the first blur or submit, not with the page (first-load budget).
const loginResolver = lazyResolver(() => import('./login-resolver'));

export function LoginForm() {
  const login = useLogin();
  const { control, handleSubmit } = useForm({
    resolver: loginResolver,
    mode: 'onBlur',
    defaultValues: { email: '', password: '' },
  });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Sign in"
      onSubmit={handleSubmit((values) => {
        track(EVENTS.submittedLogin);
        login.mutate(values);
      })}
    >
      <FormErrorAlert show={login.isError}>{loginErrorMessage(login.error)}</FormErrorAlert>
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
      />
      <PasswordField control={control} name="password" label="Password" autoComplete="current-password" />
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
