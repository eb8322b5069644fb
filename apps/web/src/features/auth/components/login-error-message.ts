import { MESSAGES } from '@datafeeds/domain';
import { isHttpError } from '@/lib/api-errors';

/** Too many attempts gets its own message: "check your credentials" would send the user the wrong way. */
export function loginErrorMessage(error: unknown): string {
  if (isHttpError(error, 429)) {
    const wait = error.retryAfterSeconds;
    return wait
      ? `Too many sign-in attempts. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`
      : 'Too many sign-in attempts. Please wait a moment and try again.';
  }
  return MESSAGES.loginFailed;
}
