// The error shape of design §6 as schemas: the API's response schemas and OpenAPI document use them.
import { z } from 'zod';

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});

export const errorResponseSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    details: z.array(fieldErrorSchema).optional(),
    /** A 404 for a client ID a rotation replaced: the token's client ID now (design §9). */
    replacedBy: z.string().optional(),
  })
  .meta({ id: 'ErrorResponse' });
