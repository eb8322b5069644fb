// Puts the server's 400 answer to a profile update on the fields it concerns, such as a new password it
// refuses as too common.
import type { FieldError } from '@datafeeds/domain';
import type { UseFormSetError } from 'react-hook-form';
import { isHttpError } from '@/lib/api-errors';
import type { ProfileFormValues } from './changed-fields';

const SENT_FIELDS = ['firstName', 'lastName', 'companyName', 'currentPassword', 'newPassword'] as const;
type SentField = (typeof SENT_FIELDS)[number];

const isSentFieldError = (detail: FieldError): detail is FieldError & { field: SentField } =>
  (SENT_FIELDS as readonly string[]).includes(detail.field);

/**
 * Shows each detail under its field. Returns false when the answer is not a 400 with details or names
 * a field the form does not have: the caller then shows the failure dialog.
 */
export function applyProfileServerErrors(
  error: unknown,
  setError: UseFormSetError<ProfileFormValues>,
): boolean {
  if (!isHttpError(error, 400)) return false;
  const details = error.data?.details ?? [];
  if (details.length === 0 || !details.every(isSentFieldError)) return false;
  details.forEach((detail, index) => {
    setError(detail.field, { type: 'server', message: detail.message }, { shouldFocus: index === 0 });
  });
  return true;
}
