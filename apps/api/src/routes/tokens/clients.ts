// API credentials of the caller's company (spec §7): list, fetch, request, rotate, delete; and a token's
// daily cap (design §10).
import type { FastifyPluginAsync } from 'fastify';
import { parseClientIdList } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { originOf } from '../../plugins/app/audit/index.ts';
import { namedLimit } from '../../plugins/external/rate-limit.ts';
import { plainJsonOnSuccess } from '../schemas.ts';
import { registerCall } from '../register-call.ts';

const clientsRoutes: FastifyPluginAsync = async (app) => {
  // One counter for CreateClient and RotateClient: each issues a new secret.
  const credentialsLimit = {
    onRequest: [app.rateLimit(namedLimit('credentials', app.rateLimits.credentials))],
  };

  registerCall(
    app,
    tokens.getClients,
    async ({ caller, query }) => ({
      clients: await app.tokens.list(
        caller,
        query.clientIds === undefined ? undefined : parseClientIdList(query.clientIds),
      ),
    }),
    { serializerCompiler: plainJsonOnSuccess(200) },
  );

  registerCall(
    app,
    tokens.createClient,
    ({ caller, body, request }) => app.tokens.create(caller, body, originOf(request)),
    credentialsLimit,
  );

  registerCall(
    app,
    tokens.rotateClient,
    ({ caller, body, request }) =>
      app.tokens.rotate(caller, body.clientId, body.gracePeriod, originOf(request)),
    credentialsLimit,
  );

  registerCall(app, tokens.endRotationGrace, ({ caller, body, request }) =>
    app.tokens.endGrace(caller, body.clientId, originOf(request)),
  );

  registerCall(app, tokens.deleteClient, ({ caller, body, request }) =>
    app.tokens.remove(caller, body.clientId, originOf(request)),
  );

  registerCall(app, tokens.setTokenCap, ({ caller, body, request }) =>
    app.tokens.setCap(caller, body.clientId, body.dailyCap, originOf(request)),
  );
};

export default clientsRoutes;
