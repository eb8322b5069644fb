// The one error shape every API error answer has (design §6), and the stable codes it carries.
import { z } from 'zod';

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
  invalidToken: 'invalid_token',
  wrongPassword: 'wrong_password',
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});

export const errorResponseSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    details: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'ErrorResponse' });

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export function isErrorResponse(value: unknown): value is ErrorResponse {
  return errorResponseSchema.safeParse(value).success;
}
