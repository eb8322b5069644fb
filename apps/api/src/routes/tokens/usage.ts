// GET /api/GetClientUsage (design §8 "Usage"): one of the caller's company's tokens, its verifications
// over the last `days` UTC days by feed and outcome, for the token's usage chart.
import type { FastifyPluginAsync } from 'fastify';
import { tokens } from '@datafeeds/domain/calls';
import { registerCall } from '../register-call.ts';

const usageRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, tokens.getClientUsage, ({ caller, query }) =>
    app.tokenUsage.ofClient(caller, query.clientId, query.days),
  );
};

export default usageRoutes;
