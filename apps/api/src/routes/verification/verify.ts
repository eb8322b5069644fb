// POST /api/v1/credentials/verify (design §8): the data feed asks whether a presented RSC token may read
// a feed. Always 200 for a well-formed call by a live verifier key; the answer says why not.
import type { FastifyPluginAsync } from 'fastify';
import { verification } from '@datafeeds/domain/calls';
import { registerCall } from '../register-call.ts';
import { dataFeedRoute } from './data-feed-route.ts';

const verifyRoutes: FastifyPluginAsync = async (app) => {
  registerCall(
    app,
    verification.verifyCredential,
    ({ caller, body }) => app.verification.verify(body, caller.id),
    dataFeedRoute,
  );
};

export default verifyRoutes;
