// A console action (design §11): sent with the staff token; on success the snackbar says the API's
// sentence, or the screen's own when the answer carries what the page words itself (an extended trial's
// day, in the page's formatDay). Either way every console screen's data (but the signed-in member)
// reloads, so the company page, the lists, the queues and the overview show what changed, and a refusal
// met stale data.
import type { CallAnswer, CallDefinition, CallInput } from '@datafeeds/domain/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { isHttpError } from '@/lib/api-errors';
import { consoleCall } from '@/lib/console/console-client';
import { isConsoleScreenData } from '@/lib/console/console-keys';
import { ACTION_FAILED } from './console-texts';

/**
 * `call` is one of the console's actions: each answers `{ message }` (consoleActionResultSchema), which
 * the snackbar shows unless `sentence` words the answer itself.
 */
export function useConsoleAction<Call extends CallDefinition>(
  call: Call,
  sentence?: (answer: CallAnswer<Call>) => string,
) {
  const queryClient = useQueryClient();
  const showSnackbar = useSnackbar();
  return useMutation({
    mutationFn: (body: CallInput<Call>['body']) =>
      consoleCall(call, { body } as CallInput<Call>) as Promise<CallAnswer<Call> & { message: string }>,
    onSuccess: (answer) => showSnackbar(sentence ? sentence(answer) : answer.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ predicate: ({ queryKey }) => isConsoleScreenData(queryKey) });
    },
  });
}

/** What a failed action shows: the API's sentence for a refusal (409, 403, 404, 400), or a generic one. */
function actionFailure(error: unknown): string {
  return isHttpError(error) && error.status < 500 && error.data ? error.data.message : ACTION_FAILED;
}

/** What an action's mutation shows in its dialog: its refusal, or nothing. */
export function mutationFailure(mutation: { isError: boolean; error: unknown }): string | null {
  return mutation.isError ? actionFailure(mutation.error) : null;
}
