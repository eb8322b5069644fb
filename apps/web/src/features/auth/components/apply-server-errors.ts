// Puts the server's answer to a failed registration on the fields it concerns.
import { ERROR_CODES, MESSAGES, type RegisterInput } from '@datafeeds/domain';
import type { UseFormSetError } from 'react-hook-form';
import { isHttpError } from '@/lib/api-errors';

const REGISTER_FIELDS = new Set<string>([
  'firstName',
  'lastName',
  'companyName',
  'email',
  'username',
  'password',
  'phone',
  'userHasAgreedToTermsOfService',
  'userHasReadPrivacyPolicy',
]);

function isRegisterField(field: string): field is keyof RegisterInput {
  return REGISTER_FIELDS.has(field);
}

export function applyRegisterServerErrors(error: unknown, setError: UseFormSetError<RegisterInput>): void {
  if (!isHttpError(error)) return;
  if (error.code === ERROR_CODES.emailTaken)
    setError('email', { type: 'server', message: MESSAGES.emailTaken });
  if (error.code === ERROR_CODES.usernameTaken)
    setError('username', { type: 'server', message: MESSAGES.usernameTaken });
  for (const detail of error.data?.details ?? []) {
    if (isRegisterField(detail.field)) setError(detail.field, { type: 'server', message: detail.message });
  }
}
