// POST /api/v1/credentials/allowance (design §10 "Allowance leases"): a data-feed service that enforces
// plan limits itself leases units of a company's day and current second here, admits from them and asks
// again before they run out. The truth grants at most what is left, counted on the portal's clock, a small
// slice at a time, and only for a credential this verifier key has verified (client IDs are not secret).
import type { FastifyPluginAsync } from 'fastify';
import { verification } from '@datafeeds/domain/calls';
import { notFound } from '../../lib/errors.ts';
import { registerCall } from '../register-call.ts';
import { dataFeedRoute } from './data-feed-route.ts';

const NOT_LEASABLE =
  'No credential that verifies and that this verifier key has verified has this client ID.';

const allowanceRoutes: FastifyPluginAsync = async (app) => {
  registerCall(
    app,
    verification.leaseAllowance,
    async ({ caller: key, body }) => {
      const nowMs = app.clock.now().getTime();
      // Without metering (the bench's baseline) no marks are kept: the slice bound alone holds.
      const verified = (await app.usageMeter?.hasVerified(key.id, body.clientId, nowMs)) ?? true;
      const grant = verified ? await app.allowanceTruth.grant(body, nowMs, key.id) : undefined;
      if (!grant) throw notFound(NOT_LEASABLE);
      return grant;
    },
    dataFeedRoute,
  );
};

export default allowanceRoutes;
