// The error answers (docs/design.md §6) the API gives any call, word for word as its error handler and
// guards send them (apps/api/src/lib/errors.ts), for test doubles to answer with (§1 "One contract per
// call"): a test of how the app takes a failure sees the body the server really sends.
import { ERROR_CODES, type ErrorResponse } from '@datafeeds/domain';

function errorAnswer<const Status extends number>(
  status: Status,
  body: ErrorResponse,
  headers?: Record<string, string>,
) {
  return headers ? { status, body, headers } : { status, body };
}

/** No valid session: the guard of every signed-in call, and the refresh call refusing its cookie. */
export const unauthorized = () =>
  errorAnswer(401, { error: ERROR_CODES.unauthorized, message: 'Authentication is required.' });

/** GetUser for a signed-in identity whose portal profile is still to be completed (/welcome). */
export const profileNotFound = () =>
  errorAnswer(404, {
    error: ERROR_CODES.profileNotFound,
    message: 'This account has no portal profile yet. Complete it on the welcome page.',
  });

/** Too many requests (the rate limit, or the sign-in throttle), with the wait in Retry-After. */
export const rateLimited = (seconds: number) =>
  errorAnswer(
    429,
    {
      error: ERROR_CODES.rateLimited,
      message: `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    },
    { 'Retry-After': String(seconds) },
  );

/** Anything unexpected on the server: its details are logged, never sent. */
export const internalError = () =>
  errorAnswer(500, {
    error: ERROR_CODES.internal,
    message: 'Something went wrong on our side. Please try again.',
  });

/** The database is unreachable for now. */
export const serviceUnavailable = () =>
  errorAnswer(
    503,
    {
      error: ERROR_CODES.unavailable,
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
    },
    { 'Retry-After': '5' },
  );
