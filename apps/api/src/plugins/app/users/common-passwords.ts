// Passwords everyone tries first are refused wherever a password is set (design §2). The list is the
// `passwords` dictionary of @zxcvbn-ts/language-common: about 49 000 passwords from public breach
// corpora, most common first, all lower case, shipped inside the package (nothing is fetched). It is
// read once, when this module loads at start-up, and stays on the server: the forms show our answer.
import { dictionary } from '@zxcvbn-ts/language-common';
import { ERROR_CODES, passwordTooCommonMessage } from '@datafeeds/domain';
import { AppError } from '../../../lib/errors.ts';

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  dictionary['passwords-common'].map((password) => password.toLowerCase()),
);

/** How many distinct passwords are refused. */
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** The field that carries the new password: `password` (register, reset) or `newPassword` (profile). */
export type NewPasswordField = 'password' | 'newPassword';

/** Throws the 400 validation answer naming `field` when the password is on the list. */
export function refuseCommonPassword(password: string, field: NewPasswordField): void {
  if (!isCommonPassword(password)) return;
  throw new AppError(400, ERROR_CODES.validation, passwordTooCommonMessage, [
    { field, message: passwordTooCommonMessage },
  ]);
}
