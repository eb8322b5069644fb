// Response schemas shared by the routes.
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@datafeeds/domain';

/** The error answers a route can give, each with the one error shape. */
export function errorResponses<const Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;
}

/**
 * A route's serializer that writes the success answer with plain JSON.stringify, for answers typed code
 * builds field by field as an object literal of the schema's type (toClient, the users repository's
 * getUser), where TypeScript already refuses a missing, mistyped or extra field, and which tests check
 * against the response schema. Encoding them through the zod schema again on every call would cost CPU
 * and garbage on every answer. Every other status keeps zod.
 */
export function plainJsonOnSuccess<T>(status: number): FastifySerializerCompiler<T> {
  const success = String(status);
  return (routeSchema) =>
    routeSchema.httpStatus === success
      ? (data: unknown) => JSON.stringify(data)
      : serializerCompiler(routeSchema as Parameters<typeof serializerCompiler>[0]);
}
