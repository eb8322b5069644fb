// One way for every Team page change to report its outcome: a snackbar with what happened, or with the
// server's reason for a refusal (its messages name the rule, e.g. "The owner cannot be removed…").
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { isHttpError } from '@/lib/api-errors';
import { CHANGE_FAILED } from './team-texts';

export function refusalMessage(error: unknown): string {
  return isHttpError(error) && error.data ? error.data.message : CHANGE_FAILED;
}

export function useChangeFeedback() {
  const showSnackbar = useSnackbar();
  return {
    onSuccess: (message: string) => showSnackbar(message),
    onError: (error: unknown) => showSnackbar(refusalMessage(error), 'error'),
  };
}
