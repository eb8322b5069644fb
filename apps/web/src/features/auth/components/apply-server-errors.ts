// Puts the server's answer to a failed registration on the fields it concerns. Shared by /register and
// registration through an invitation (which has no company and no editable email).
import { ERROR_CODES, MESSAGES, type RegisterInput } from '@datafeeds/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isHttpError } from '@/lib/api-errors';

const REGISTER_FIELDS: readonly (keyof RegisterInput)[] = [
  'firstName',
  'lastName',
  'companyName',
  'email',
  'username',
  'password',
  'phone',
  'userHasAgreedToTermsOfService',
  'userHasReadPrivacyPolicy',
];

export function applyRegisterServerErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  fields: readonly string[] = REGISTER_FIELDS,
): void {
  if (!isHttpError(error)) return;
  const onField = (field: string, message: string) => {
    if (fields.includes(field)) setError(field as Path<TValues>, { type: 'server', message });
  };
  if (error.code === ERROR_CODES.emailTaken) onField('email', MESSAGES.emailTaken);
  if (error.code === ERROR_CODES.usernameTaken) onField('username', MESSAGES.usernameTaken);
  for (const detail of error.data?.details ?? []) onField(detail.field, detail.message);
}
