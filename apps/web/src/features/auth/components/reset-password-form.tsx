import { MESSAGES, resetPasswordFormSchema } from '@datafeeds/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';
import { FormErrorAlert } from '@/components/form/form-error-alert';
import { RouterLink } from '@/components/navigation/router-link';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics/analytics';
import { EVENTS } from '@/lib/analytics/events';
import { isHttpError } from '@/lib/api-errors';
import { useResetPassword } from '../api/reset-password';
import { ReturnToLoginPanel } from './return-to-login-panel';

/** The server's message for the new password (one it refuses, such as a common one), if its 400 has one. */
function resetPasswordFieldMessage(error: unknown): string | undefined {
  if (!isHttpError(error, 400)) return undefined;
  return error.data?.details?.find((detail) => detail.field === 'password')?.message;
}

export function ResetPasswordForm({ resetToken }: { resetToken: string }) {
  const reset = useResetPassword();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onBlur',
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (reset.isSuccess) {
    return <ReturnToLoginPanel>{MESSAGES.passwordResetSuccess}</ReturnToLoginPanel>;
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label="Choose a new password"
      onSubmit={handleSubmit(({ password }) => {
        track(EVENTS.submittedResetPassword);
        reset.mutate(
          { password, resetToken },
          {
            onError: (error) => {
              const message = resetPasswordFieldMessage(error);
              if (message) setError('password', { type: 'server', message }, { shouldFocus: true });
            },
          },
        );
      })}
    >
      {/* A refused password is shown under its field: the link still works, so no "request a new one". */}
      <FormErrorAlert show={reset.isError && resetPasswordFieldMessage(reset.error) === undefined}>
        {MESSAGES.resetFailed} <RouterLink to={paths.forgotPassword}>Request a new link</RouterLink>
      </FormErrorAlert>
      <PasswordField
        control={control}
        name="password"
        label="New Password"
        autoComplete="new-password"
        autoFocus
        disabled={reset.isPending}
      />
      <PasswordField
        control={control}
        name="confirmPassword"
        label="Confirm Password"
        autoComplete="new-password"
        disabled={reset.isPending}
      />
      <SubmitButton loading={reset.isPending}>Reset password</SubmitButton>
    </Box>
  );
}
