// Ask the provider team for a paid account (spec §4 "Upgrade flow").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, upgradeAccountRequestSchema, upgradeAccountResponseSchema } from '@datafeeds/domain';
import { memberOf } from '../../plugins/app/authentication.ts';
import { originOf } from '../../plugins/app/audit/request-origin.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';

const upgradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(API_PATHS.upgradeAccount, {
    onRequest: [app.authenticate, app.allow('requestUpgrade')],
    schema: {
      tags: ['account'],
      operationId: 'UpgradeAccount',
      summary: 'Request the upgrade to a paid account; asking again answers the open request',
      security: bearerSecurity,
      body: upgradeAccountRequestSchema,
      response: { 200: upgradeAccountResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request) => app.upgrades.request(memberOf(request), originOf(request)),
  });
};

export default upgradeRoutes;
