// Puts the server's 400 answer to a token request on the fields it concerns. The timing checkboxes share
// one message, kept on liveGame as the domain schema does.
import type { TokenRequestInput } from '@datafeeds/domain';
import type { UseFormSetError } from 'react-hook-form';
import { isHttpError } from '@/lib/api-errors';

type MessageField = 'label' | 'apiType' | 'liveGame' | 'sports';

const FIELD_FOR: ReadonlyMap<string, MessageField> = new Map([
  ['label', 'label'],
  ['apiType', 'apiType'],
  ['liveGame', 'liveGame'],
  ['preGame', 'liveGame'],
  ['postGame', 'liveGame'],
  ['sports', 'sports'],
]);

/**
 * Shows each detail under its field. Returns false when the answer is not a 400 with details or names
 * a field the form does not have: the caller then shows the failure dialog.
 */
export function applyTokenRequestServerErrors(
  error: unknown,
  setError: UseFormSetError<TokenRequestInput>,
): boolean {
  if (!isHttpError(error, 400)) return false;
  const details = error.data?.details ?? [];
  let allPlaced = details.length > 0;
  details.forEach((detail, index) => {
    // "sports.0" is the first sport: the whole group shows it.
    const field = FIELD_FOR.get(detail.field.split('.')[0] ?? '');
    if (field === undefined) {
      allPlaced = false;
      return;
    }
    setError(field, { type: 'server', message: detail.message }, { shouldFocus: index === 0 });
  });
  return allPlaced;
}
