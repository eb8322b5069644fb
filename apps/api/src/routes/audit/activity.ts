// The company's audit trail for its members (design §8 "Audit log"): a page of events, or all of them
// as CSV. Every signed-in member of the company may read it; no other company's event is ever in it.
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  activityFilterSchema,
  activityPageSchema,
  getActivityQuerySchema,
} from '@datafeeds/domain';
import { memberOf } from '../../plugins/app/authentication.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

/**
 * The CSV is sent as text, not through a JSON serializer, so the route declares no success schema; the
 * API description still names the answer a client gets.
 */
const describeCsv: SwaggerTransform = (route) => {
  const { schema, url } = jsonSchemaTransform(route);
  const csv = {
    description: 'The matching events, newest first, as CSV with a header row (an attachment).',
    content: { 'text/csv': { schema: { type: 'string' } } },
  };
  return { url, schema: { ...schema, response: { 200: csv, ...(schema.response as object) } } };
};

const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(API_PATHS.getActivity, {
    onRequest: app.authenticate,
    schema: {
      tags: ['activity'],
      operationId: 'GetActivity',
      summary: "The company's audit events, newest first, a page at a time; filter by kind and date",
      security: bearerSecurity,
      querystring: getActivityQuerySchema,
      response: { 200: activityPageSchema, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (request) => app.activity.page(memberOf(request), request.query),
  });

  app.get(API_PATHS.exportActivity, {
    onRequest: app.authenticate,
    config: { swaggerTransform: describeCsv },
    schema: {
      tags: ['activity'],
      operationId: 'ExportActivity',
      summary: 'Every audit event of the company the filter matches, as a CSV file',
      security: bearerSecurity,
      querystring: activityFilterSchema,
      response: errorResponses(400, 401, 404, 429),
    },
    handler: async (request, reply) => {
      const csv = await app.activity.exportCsv(memberOf(request), request.query);
      const day = app.clock.now().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
          // Text no declared schema types (the success answer has none, see describeCsv).
          .send(csv as never)
      );
    },
  });
};

export default activityRoutes;
