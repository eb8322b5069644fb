// The one error shape every API error answer has (design §6), and the stable codes it carries. No
// schema library here: the web app checks error bodies on every page, so this module stays small (the
// schemas are in error-schemas.ts; a test keeps the check and the schema in agreement).
import type { z } from 'zod';
import type { errorResponseSchema, fieldErrorSchema } from './error-schemas.ts';

export const ERROR_CODES = {
  validation: 'validation_failed',
  invalidCredentials: 'invalid_credentials',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  profileNotFound: 'profile_not_found',
  emailTaken: 'email_taken',
  usernameTaken: 'username_taken',
  conflict: 'conflict',
  /** A suspended company's request to create a token or to upgrade (design §11). */
  accountSuspended: 'account_suspended',
  /** A console session refresh refused because the staff member was disabled since (design §11). */
  staffDisabled: 'staff_disabled',
  invalidToken: 'invalid_token',
  wrongPassword: 'wrong_password',
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  /** Any other refusal of a malformed request (an unsatisfiable Range, an undecodable address). */
  badRequest: 'bad_request',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** All a 500 answer says (design §6): what went wrong is in the server's log, never in the answer. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFieldError = (value: unknown): value is FieldError =>
  isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';

/** Whether a body has the error shape (what `errorResponseSchema` accepts). */
export function isErrorResponse(value: unknown): value is ErrorResponse {
  return (
    isRecord(value) &&
    typeof value.error === 'string' &&
    typeof value.message === 'string' &&
    (value.details === undefined || (Array.isArray(value.details) && value.details.every(isFieldError))) &&
    (value.replacedBy === undefined || typeof value.replacedBy === 'string')
  );
}
