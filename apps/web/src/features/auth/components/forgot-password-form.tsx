import { MESSAGES, forgotPasswordSchema } from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { SubmitButton } from '@/components/form/submit-button';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { RouterLink } from '@/components/navigation/router-link';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { useRequestPasswordReset } from '../api/forgot-password';
import { ReturnToLoginPanel } from './return-to-login-panel';

export function ForgotPasswordForm({ onSent }: { onSent?: () => void }) {
  const request = useRequestPasswordReset();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onBlur',
    defaultValues: { email: '' },
  });

  if (request.isSuccess) {
    return (
      // The same words whether or not the address has an account, so the page reveals nothing.
      <ReturnToLoginPanel>
        Check your inbox: if an account exists for {request.variables.email}, an email with a link to reset
        your password will follow shortly.
      </ReturnToLoginPanel>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label="Request a password reset"
      onSubmit={handleSubmit((values) => {
        track(EVENTS.submittedForgotPassword);
        request.mutate(values, { onSuccess: () => onSent?.() });
      })}
    >
      <FormErrorAlert show={request.isError}>{MESSAGES.forgotPasswordFailed}</FormErrorAlert>
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        disabled={request.isPending}
      />
      <SubmitButton loading={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send reset link'}
      </SubmitButton>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it? <RouterLink to={paths.login}>return to sign in</RouterLink>
      </Typography>
      <Typography sx={{ mt: 1, textAlign: 'center' }}>
        No account yet? <RouterLink to={paths.register}>Sign up</RouterLink>
      </Typography>
    </Box>
  );
}
