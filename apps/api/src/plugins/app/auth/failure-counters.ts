// Counters of consecutive failed logins, kept in Redis when REDIS_URL is set (limits hold across
// instances) and in memory otherwise. A counter lives for one window from its first failure.
import type { Redis } from 'ioredis';
import type { Clock } from '../../../lib/clock.ts';

interface CounterState {
  count: number;
  /** Seconds until the counter expires (0 when there is none). */
  ttlSeconds: number;
}

export interface FailureCounters {
  get(key: string): Promise<CounterState>;
  increment(key: string, windowSeconds: number): Promise<void>;
  reset(key: string): Promise<void>;
}

function createMemoryCounters(clock: Clock): FailureCounters {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.expiresAt <= clock.now().getTime()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    const now = clock.now().getTime();
    for (const [key, entry] of counters) if (entry.expiresAt <= now) counters.delete(key);
  };

  return {
    async get(key) {
      const entry = live(key);
      return entry
        ? { count: entry.count, ttlSeconds: (entry.expiresAt - clock.now().getTime()) / 1000 }
        : { count: 0, ttlSeconds: 0 };
    },
    async increment(key, windowSeconds) {
      if (counters.size > 10_000) sweep();
      const entry = live(key);
      if (entry) entry.count += 1;
      else counters.set(key, { count: 1, expiresAt: clock.now().getTime() + windowSeconds * 1000 });
    },
    async reset(key) {
      counters.delete(key);
    },
  };
}

function createRedisCounters(redis: Redis, prefix: string): FailureCounters {
  return {
    async get(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { count: Number(count ?? 0), ttlSeconds: Math.max(0, ttl) / 1000 };
    },
    async increment(key, windowSeconds) {
      // SET NX starts the window on the first failure only; INCR then counts. One round trip, atomic.
      await redis
        .multi()
        .set(prefix + key, 0, 'PX', windowSeconds * 1000, 'NX')
        .incr(prefix + key)
        .exec();
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Shared through Redis when the server has it, so a limit holds across instances; in memory otherwise,
 * and in memory too while Redis is away, so a lockout never lapses because Redis did.
 */
export function createFailureCounters(
  redis: Redis | undefined,
  prefix: string,
  clock: Clock,
): FailureCounters {
  const memory = createMemoryCounters(clock);
  if (!redis) return memory;
  const shared = createRedisCounters(redis, prefix);
  return {
    get: (key) => shared.get(key).catch(() => memory.get(key)),
    increment: (key, windowSeconds) =>
      shared.increment(key, windowSeconds).catch(() => memory.increment(key, windowSeconds)),
    reset: async (key) => {
      await Promise.all([shared.reset(key).catch(() => undefined), memory.reset(key)]);
    },
  };
}
