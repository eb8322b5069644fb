import Button from '@mui/material/Button';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useResendVerification } from '../api/resend-verification';

const RESEND_SUCCESS_MESSAGE = 'A new verification email is on its way.';
const RESEND_FAILURE_MESSAGE = 'The verification email could not be sent. Please try again later.';

export function ResendVerificationButton({ variant = 'outlined' }: { variant?: 'outlined' | 'text' }) {
  const resend = useResendVerification();
  const showSnackbar = useSnackbar();
  return (
    <Button
      variant={variant}
      color="inherit"
      size="small"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: () => showSnackbar(RESEND_SUCCESS_MESSAGE, 'success'),
          onError: () => showSnackbar(RESEND_FAILURE_MESSAGE, 'error'),
        })
      }
    >
      Resend verification email
    </Button>
  );
}
