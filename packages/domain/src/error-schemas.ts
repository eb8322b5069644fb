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
  })
  .meta({ id: 'ErrorResponse' });
