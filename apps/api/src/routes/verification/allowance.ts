// POST /api/v1/credentials/allowance (design §10 "Allowance leases"): a data-feed service that enforces
// plan limits itself leases units of a company's day and current second here, admits from them and asks
// again before they run out. The truth grants at most what is left, counted on the portal's clock.
import type { FastifyPluginAsync } from 'fastify';
import { verification } from '@datafeeds/domain/calls';
import { notFound } from '../../lib/errors.ts';
import { registerCall } from '../register-call.ts';
import { dataFeedRoute } from './data-feed-route.ts';

const allowanceRoutes: FastifyPluginAsync = async (app) => {
  registerCall(
    app,
    verification.leaseAllowance,
    async ({ body }) => {
      const grant = await app.allowanceTruth.grant(body, app.clock.now().getTime());
      if (!grant) throw notFound('No credential that verifies has this client ID.');
      return grant;
    },
    dataFeedRoute,
  );
};

export default allowanceRoutes;
