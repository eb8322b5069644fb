// POST /api/v1/credentials/usage (design §8 "Usage"): a data-feed service reports the answers it gave
// from its own cache, which never reached the portal, so a credential's usage shows every call. The
// counts join the portal's own in the usage meter, only for credentials this verifier key verified
// within the entry's hour or the hour before, each up to a bound; the rest are dropped and counted there.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  USAGE_REPORT_MAX_HOURLY_COUNT,
  USAGE_REPORT_VERIFIED_WITHIN_HOURS,
  USAGE_RETENTION_DAYS,
  usageReportSchema,
  VERIFICATION_PATHS,
} from '@datafeeds/domain';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../schemas.ts';
import { dataFeedRoute, verifierSecurity } from './data-feed-route.ts';

const HOUR_MS = 3_600_000;
const RETENTION_MS = USAGE_RETENTION_DAYS * 24 * HOUR_MS;
/** Room for a full report even with the longest client ids the schema allows (about 320 bytes an entry). */
const REPORT_BODY_LIMIT = 256 * 1024;

const usageReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(VERIFICATION_PATHS.usage, {
    ...dataFeedRoute,
    onRequest: app.authenticateVerifier,
    bodyLimit: REPORT_BODY_LIMIT,
    schema: {
      tags: ['verification'],
      operationId: 'reportCredentialUsage',
      summary:
        'Report the verifications a data-feed service answered from its own cache (with a verifier key)',
      description:
        'Adds pre-counted answers per credential, feed (a scope key or `any`), outcome code and UTC hour ' +
        'to the usage the portal shows. Only answers the portal did not give itself belong here. An hour ' +
        `more than one hour ahead or older than ${USAGE_RETENTION_DAYS} days is refused with 400. An ` +
        'entry for a credential this verifier key did not verify in its hour or the ' +
        `${USAGE_REPORT_VERIFIED_WITHIN_HOURS} before, or above ${USAGE_REPORT_MAX_HOURLY_COUNT}, is ` +
        'dropped (still 204).',
      security: verifierSecurity,
      body: usageReportSchema,
      response: { 204: z.null().describe('Counted'), ...errorResponses(400, 401, 429) },
    },
    handler: async (request, reply) => {
      const key = request.verifierKey;
      if (!key) throw new Error('authenticateVerifier did not run');
      const nowMs = app.clock.now().getTime();
      const entries = request.body.counts.map((entry) => ({ ...entry, hourMs: Date.parse(entry.hour) }));
      for (const entry of entries) {
        if (entry.hourMs > nowMs + HOUR_MS || entry.hourMs < nowMs - RETENTION_MS) {
          throw new AppError(400, ERROR_CODES.validation, `Hour ${entry.hour} is outside what usage keeps.`);
        }
      }
      app.usageMeter?.addReported(key.id, entries, nowMs);
      return reply.code(204).send(null);
    },
  });
};

export default usageReportRoutes;
