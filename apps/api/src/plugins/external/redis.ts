// Redis, only when REDIS_URL is set: rate-limit and login-lockout counters shared by every instance, and
// the channel that carries revocations between them. Redis going away must not slow the portal down or
// open its limits: commands fail at once instead of queueing (no offline queue, short timeouts), a Redis
// that stalls without closing is dropped by a ping deadline (lib/redis-watchdog.ts) so it fails at once
// too, the counters fall back to this instance's memory meanwhile (counter-store.ts), the loss and
// the return are logged once each, and ioredis reconnects by itself.
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Env } from '../../config/env.ts';
import { watchRedis } from '../../lib/redis-watchdog.ts';

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | undefined;
  }
}

export default fp<{ env: Env }>(
  async (app, { env }) => {
    if (!env.REDIS_URL) {
      app.decorate('redis', undefined);
      return;
    }
    const redis = new Redis(env.REDIS_URL, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    let lost = false;
    redis.on('error', () => undefined); // every failure is reported by the command that met it
    redis.on('close', () => {
      if (lost) return;
      lost = true;
      app.log.warn('Redis is unreachable: limits are counted per instance until it is back');
    });
    const stopWatching = watchRedis(redis, () => {
      if (lost) return;
      lost = true;
      app.log.warn('Redis stopped answering: limits are counted per instance until it is back');
    });
    redis.on('ready', () => {
      if (!lost) return;
      lost = false;
      app.log.info('Redis is back: limits are shared by every instance again');
    });
    await redis.connect().catch((error: unknown) => {
      lost = true;
      app.log.warn({ err: error }, 'Redis is unreachable at start-up: limits are per instance until it is');
    });
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      stopWatching();
      redis.disconnect();
    });
  },
  { name: 'redis' },
);
