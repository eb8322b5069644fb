// Errors the services throw; the one error handler turns them into `{ error, message, details? }`.
import {
  ERROR_CODES,
  type ConsoleProblem,
  type ErrorCode,
  type ErrorResponse,
  type FieldError,
  type InvitationProblem,
  type StaffSetupProblem,
} from '@datafeeds/domain';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    /**
     * An invitation or staff setup link's problem (404/410) is a code of its own for its page; so is
     * why a console action could not be done (409).
     */
    readonly code: ErrorCode | InvitationProblem | StaffSetupProblem | ConsoleProblem,
    message: string,
    readonly details?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Fields of the error shape beyond the message (design §6): a replaced client ID's token. */
    readonly extra?: Pick<ErrorResponse, 'replacedBy'>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = () => new AppError(401, ERROR_CODES.unauthorized, 'Authentication is required.');
export const forbidden = (message: string) => new AppError(403, ERROR_CODES.forbidden, message);
/** The request does not fit the state of what it names (a taken name, something already done). */
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
export const notFound = (message = 'Not found.', extra?: Pick<ErrorResponse, 'replacedBy'>) =>
  new AppError(404, ERROR_CODES.notFound, message, undefined, undefined, extra);
/** A signed-in identity without a portal profile (imported from the sister product, welcome page pending). */
export const profileNotFound = () =>
  new AppError(
    404,
    ERROR_CODES.profileNotFound,
    'This account has no portal profile yet. Complete it on the welcome page.',
  );
export const invalidToken = (message: string) => new AppError(400, ERROR_CODES.invalidToken, message);

export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    429,
    ERROR_CODES.rateLimited,
    `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** The database (or another part the call needs) is unreachable for now: worth trying again shortly. */
export const serviceUnavailable = () =>
  new AppError(
    503,
    ERROR_CODES.unavailable,
    'The service is briefly unavailable. Please try again in a few seconds.',
    undefined,
    { 'retry-after': '5' },
  );
