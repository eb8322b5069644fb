// POST /api/v1/credentials/verify (design §8): the data feed asks whether a presented RSC token may read
// a feed. Always 200 for a well-formed call by a live verifier key; the answer says why not.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VERIFICATION_PATHS, verifyRequestSchema, verifyResponseSchema } from '@datafeeds/domain';
import { errorResponses } from '../schemas.ts';
import { dataFeedRoute, verifierSecurity } from './data-feed-route.ts';

const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(VERIFICATION_PATHS.verify, {
    ...dataFeedRoute,
    onRequest: app.authenticateVerifier,
    schema: {
      tags: ['verification'],
      operationId: 'verifyCredential',
      summary: 'Verify an RSC token for a feed (data-feed services, with a verifier key)',
      description:
        'Answers `valid` and a `code`: VALID, MALFORMED (format or checksum; no database query), ' +
        'NOT_FOUND, PENDING, EXPIRED, INACTIVE, SCOPE_DENIED or API_TYPE_DENIED. `scope` and `apiType` ' +
        'are optional: without them the answer lists every scope the token grants.',
      security: verifierSecurity,
      body: verifyRequestSchema,
      response: { 200: verifyResponseSchema, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => app.verification.verify(request.body, request.verifierKey?.id),
  });
};

export default verifyRoutes;
