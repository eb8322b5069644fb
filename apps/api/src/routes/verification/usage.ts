// POST /api/v1/credentials/usage (design §8 "Usage"): a data-feed service reports the answers it gave
// from its own cache, which never reached the portal, so a credential's usage shows every call. The
// counts join the portal's own in the usage meter, only for credentials this verifier key verified
// within the entry's hour or the hour before, each up to a bound; the rest are dropped and counted there.
import type { FastifyPluginAsync } from 'fastify';
import { ERROR_CODES, USAGE_RETENTION_DAYS } from '@datafeeds/domain';
import { verification } from '@datafeeds/domain/calls';
import { AppError } from '../../lib/errors.ts';
import { registerCall } from '../register-call.ts';
import { dataFeedRoute } from './data-feed-route.ts';

const HOUR_MS = 3_600_000;
const RETENTION_MS = USAGE_RETENTION_DAYS * 24 * HOUR_MS;
/** Room for a full report even with the longest client ids the schema allows (about 320 bytes an entry). */
const REPORT_BODY_LIMIT = 256 * 1024;

const usageReportRoutes: FastifyPluginAsync = async (app) => {
  registerCall(
    app,
    verification.reportCredentialUsage,
    async ({ caller: key, body }) => {
      const nowMs = app.clock.now().getTime();
      const entries = body.counts.map((entry) => ({ ...entry, hourMs: Date.parse(entry.hour) }));
      for (const entry of entries) {
        if (entry.hourMs > nowMs + HOUR_MS || entry.hourMs < nowMs - RETENTION_MS) {
          throw new AppError(400, ERROR_CODES.validation, `Hour ${entry.hour} is outside what usage keeps.`);
        }
      }
      app.usageMeter?.addReported(key.id, entries, nowMs);
    },
    { ...dataFeedRoute, bodyLimit: REPORT_BODY_LIMIT },
  );
};

export default usageReportRoutes;
