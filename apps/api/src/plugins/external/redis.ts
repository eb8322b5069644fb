// Redis, only when REDIS_URL is set: rate-limit and login-lockout counters shared by every instance.
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Env } from '../../config/env.ts';

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
    // Rate limiting must not hang requests while Redis is away: fail commands fast instead of queueing.
    const redis = new Redis(env.REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
    });
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  },
  { name: 'redis' },
);
