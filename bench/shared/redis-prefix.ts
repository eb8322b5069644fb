// A run's Redis namespace: a prefix no other run uses (REDIS_KEY_PREFIX of its portal children), and
// every key under it deleted at cleanup (rate-limit and login-lockout counters; pub/sub holds no key).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { onCleanup } from './cleanup.ts';

export function reserveRedisPrefix(redisUrl: string, bench: 'api' | 'verify'): string {
  const prefix = `datafeeds-bench-${bench}:${Date.now().toString(36)}${randomBytes(3).toString('hex')}:`;
  onCleanup(`delete Redis keys ${prefix}*`, async () => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      await redis.quit();
    }
  });
  return prefix;
}
