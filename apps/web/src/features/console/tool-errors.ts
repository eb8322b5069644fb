// What a tool screen says when the server refuses a change: its own sentence (they name the rule, e.g.
// "This verifier key is already revoked."), or a general one when there is none (network, 5xx).
import { isHttpError } from '@/lib/api-errors';

const CHANGE_FAILED = 'The change could not be made. Check your connection and try again.';

export function refusalMessage(error: unknown): string {
  return isHttpError(error) && error.status < 500 && error.data ? error.data.message : CHANGE_FAILED;
}

/** The server's messages about the named fields of a 400 (`details`), field → message. */
export function fieldRefusals<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  if (!isHttpError(error, 400) || !error.data?.details) return {};
  const found: Partial<Record<Field, string>> = {};
  for (const { field, message } of error.data.details)
    if ((fields as readonly string[]).includes(field)) found[field as Field] ??= message;
  return found;
}
