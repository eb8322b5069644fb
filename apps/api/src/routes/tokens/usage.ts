// GET /api/GetClientUsage (design §8 "Usage"): one of the caller's company's tokens, its verifications
// over the last `days` UTC days by feed and outcome, for the token's usage chart.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, clientUsageSchema, getClientUsageQuerySchema } from '@datafeeds/domain';
import { memberOf } from '../../plugins/app/authentication.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(API_PATHS.getClientUsage, {
    onRequest: app.authenticate,
    schema: {
      tags: ['tokens'],
      operationId: 'GetClientUsage',
      summary:
        "A token's verifications per UTC day by feed, refused ones by code, and when it was last used " +
        '(?days=1–90, default 30; 404 if not yours)',
      security: bearerSecurity,
      querystring: getClientUsageQuerySchema,
      response: { 200: clientUsageSchema, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (request) =>
      app.usage.ofClient(memberOf(request), request.query.clientId, request.query.days),
  });
};

export default usageRoutes;
