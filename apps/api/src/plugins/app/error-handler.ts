// One error handler for every answer that is not a success: `{ error, message, details? }`. Validation
// issues keep the schema's own message per field, so the domain's exact messages reach the client.
// 5xx answers never carry internals; they are logged with the request's context instead.
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  INTERNAL_ERROR_MESSAGE,
  type ErrorCode,
  type ErrorResponse,
  type FieldError,
} from '@datafeeds/domain';
import { isDatabaseUnavailable } from '../../db/client.ts';
import { AppError, serviceUnavailable } from '../../lib/errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.rateLimited,
};

/** One message per field (the first the schema reports), as a form shows it under the field. */
function fieldErrors(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const all = error.validation.flatMap((issue): FieldError[] => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = (issue.params as { keys?: unknown }).keys;
    // Unknown fields of a strict body are reported one per field, named, so no mass assignment passes quietly.
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      return keys.map((key) => ({
        field: field ? `${field}.${String(key)}` : String(key),
        message: `${String(key)} is not allowed`,
      }));
    }
    return [{ field, message: issue.message ?? 'is invalid' }];
  });
  return all.filter((detail, index) => all.findIndex((other) => other.field === detail.field) === index);
}

export default fp(
  async (app) => {
    app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) void reply.headers(error.headers);
        const body: ErrorResponse = {
          error: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
          ...error.extra,
        };
        return reply.code(error.statusCode).send(body);
      }
      const status = error.statusCode ?? 500;
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'request failed: the database is unreachable');
        const unavailable = serviceUnavailable();
        return reply
          .code(unavailable.statusCode)
          .headers(unavailable.headers ?? {})
          .send({ error: unavailable.code, message: unavailable.message });
      }
      // A 4xx thrown by a plugin without a code of ours (@fastify/static's 416 for an unsatisfiable
      // Range) is still the client's doing: it keeps its status, with the generic code.
      if (status >= 500 || status < 400) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(500).send({
          error: ERROR_CODES.internal,
          message: INTERNAL_ERROR_MESSAGE,
        });
      }
      if (error.validation) {
        const details = fieldErrors(error);
        const message = details[0]?.message ?? 'The request is not valid.';
        return reply.code(400).send({ error: ERROR_CODES.validation, message, details });
      }
      request.log.info({ code: error.code, status }, 'request rejected');
      return reply
        .code(status)
        .send({ error: CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest, message: error.message });
    });
  },
  { name: 'error-handler' },
);
