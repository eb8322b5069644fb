// The data feed's listener (FEED_PORT, design §8 "The data plane"): a second, minimal Fastify instance in
// the portal's process serving only what @datafeeds/verifier calls — verify, allowance, usage reports and
// the events stream — with the portal's own services (the same verification cache, usage meter,
// allowance, credential bus and verifier-key check: one process, one truth), its error handler and its
// listener options, so each call answers exactly as on PORT. What it leaves out is everything the
// browser's portal needs on every request: the larger router, the OpenAPI document, the rate-limit
// plugin's global hooks, cookies, security headers and Fastify's per-request logging. It starts and stops
// with the portal's app.
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import errorHandler from './plugins/app/error-handler.ts';
import noStore from './plugins/app/no-store.ts';
import dataFeedCalls from './routes/verification/data-feed-calls.ts';
import { trackCloseHooks } from './server/close-hooks.ts';
import { listenerOptions, prepareListener } from './server/fastify-options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The data feed's own listener when FEED_PORT is set (listen with listenAll), null otherwise. */
    dataPlane: FastifyInstance | null;
  }
}

export async function buildDataPlane(
  app: FastifyInstance,
  env: Env,
  options: { eventsHeartbeatMs?: number },
): Promise<FastifyInstance> {
  const feed = Fastify({
    // No logger of Fastify's own: with one, Fastify adds listeners to every response to log its end at
    // info, which these calls never log (two listeners added and removed a call, about 3 % of it). The
    // calls log their warnings and errors through the portal's logger (data-feed-calls.ts).
    logger: false,
    ...listenerOptions(env),
  }).withTypeProvider<ZodTypeProvider>();
  trackCloseHooks(feed);
  prepareListener(feed);
  // What the data feed's calls use of the portal's app, lent as it is.
  feed.decorate('clock', app.clock);
  feed.decorate('credentialBus', app.credentialBus);
  feed.decorate('verification', app.verification);
  feed.decorate('allowanceTruth', app.allowanceTruth);
  feed.decorate('usageMeter', app.usageMeter);
  feed.decorate('authenticateVerifier', app.authenticateVerifier);
  feed.decorateRequest('verifierKey', null);
  await feed.register(errorHandler);
  await feed.register(noStore);
  await feed.register(dataFeedCalls, { ...options, log: app.log.child({ listener: 'data-plane' }) });
  // Its event streams end, and its connections drain, as the portal's app begins to close.
  app.addHook('preClose', async () => {
    await feed.close();
  });
  return feed;
}

/** Listens on PORT and, when it is there, the data plane on FEED_PORT (both on HOST). */
export async function listenAll(app: FastifyInstance, env: Pick<Env, 'HOST' | 'PORT' | 'FEED_PORT'>) {
  await app.listen({ host: env.HOST, port: env.PORT });
  if (app.dataPlane) await app.dataPlane.listen({ host: env.HOST, port: env.FEED_PORT ?? 0 });
}
