// Where a console form puts the server's refusal (design §11): a refusal about a field (a name or an
// address taken, a limit out of range) on that field; any other above the form (see actionFailure).
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isHttpError } from '@/lib/api-errors';

/**
 * Sets the 400's `details` about `fields` on their fields, and a 409's sentence on `conflictField` (a
 * conflict is about what must be unique), focusing the first. Answers whether a field got one: the
 * caller then forgets the failure, so that the alert above the form does not say it twice.
 */
export function placeRefusals<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
  conflictField?: Path<Values>,
): boolean {
  if (!isHttpError(error) || !error.data) return false;
  const found = new Map<Path<Values>, string>();
  if (error.status === 400)
    for (const { field, message } of error.data.details ?? []) {
      const known = fields.find((name) => name === field);
      if (known && !found.has(known)) found.set(known, message);
    }
  if (error.status === 409 && conflictField && !found.has(conflictField))
    found.set(conflictField, error.data.message);
  // In the form's order, so that the focus goes to the first field with a refusal.
  fields
    .filter((field) => found.has(field))
    .forEach((field, index) =>
      setError(field, { type: 'server', message: found.get(field) }, { shouldFocus: index === 0 }),
    );
  return found.size > 0;
}
