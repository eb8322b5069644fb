// The data feed's calls (design §8) as one plugin, registered in two places: the portal's listener
// (PORT, where existing feeds call) and the data feed's own (FEED_PORT, data-plane.ts), so both answer
// alike. Nothing of the browser's portal runs here: no cookies, security headers, per-address request
// limits (a bad verifier key is throttled instead) or request log lines below warn.
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import refuseNulCharacters from '../../plugins/app/refuse-nul-characters.ts';
import allowanceRoutes from './allowance.ts';
import eventsRoutes from './events.ts';
import usageReportRoutes from './usage.ts';
import verifyRoutes from './verify.ts';

interface DataFeedCallsOptions {
  eventsHeartbeatMs?: number;
  /** Where the calls log, when not the instance's own logger (the data plane has none: data-plane.ts). */
  log?: FastifyBaseLogger;
}

const dataFeedCalls: FastifyPluginAsync<DataFeedCallsOptions> = async (dataFeed, options) => {
  // One logger for every call instead of a child per request (about 3 % of a warm call, with the
  // redaction it sets up): these calls log nothing below warn, and a warning names its route.
  const quiet = (options.log ?? dataFeed.log).child({ context: 'data-feed' }, { level: 'warn' });
  dataFeed.setChildLoggerFactory(() => quiet);
  // A NUL is refused here too: a reported client id holding one once stopped every usage flush.
  await dataFeed.register(refuseNulCharacters);
  await dataFeed.register(verifyRoutes);
  await dataFeed.register(eventsRoutes, { heartbeatMs: options.eventsHeartbeatMs });
  await dataFeed.register(usageReportRoutes);
  await dataFeed.register(allowanceRoutes);
};

export default dataFeedCalls;
