// Counters of failures (reset requests, bad verifier keys), kept in Redis when REDIS_URL is set (limits
// hold across instances) and in memory otherwise. A counter lives for one window from its first failure.
// `reserve` checks the limit and counts in one atomic step, so parallel attempts cannot all pass a check
// made before any of them failed (as the sign-in lockout does, login-attempts.ts).
import type { Redis } from 'ioredis';
import type { Clock } from '../../../lib/clock.ts';

interface CounterState {
  count: number;
  /** Seconds until the counter expires (0 when there is none). */
  ttlSeconds: number;
}

type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface FailureCounters {
  get(key: string): Promise<CounterState>;
  increment(key: string, windowSeconds: number): Promise<void>;
  /** Counts an attempt as a failure before it is checked, unless `limit` are counted already. */
  reserve(key: string, limit: number, windowSeconds: number): Promise<Reservation>;
  /** Hands back a reserved attempt that turned out no failure. */
  release(key: string): Promise<void>;
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
  const count = (key: string, windowSeconds: number) => {
    if (counters.size > 10_000) sweep();
    const entry = live(key);
    if (entry) entry.count += 1;
    else counters.set(key, { count: 1, expiresAt: clock.now().getTime() + windowSeconds * 1000 });
  };

  return {
    async get(key) {
      const entry = live(key);
      return entry
        ? { count: entry.count, ttlSeconds: (entry.expiresAt - clock.now().getTime()) / 1000 }
        : { count: 0, ttlSeconds: 0 };
    },
    async increment(key, windowSeconds) {
      count(key, windowSeconds);
    },
    // No await inside: the check and the count happen in one turn of the event loop, hence atomically.
    async reserve(key, limit, windowSeconds) {
      const entry = live(key);
      if (entry && entry.count >= limit) {
        return { allowed: false, retryAfterSeconds: (entry.expiresAt - clock.now().getTime()) / 1000 };
      }
      count(key, windowSeconds);
      return { allowed: true };
    },
    async release(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      counters.delete(key);
    },
  };
}

// KEYS[1] the counter; ARGV the limit and the window in ms. Answers 0 when the attempt is counted, or the
// milliseconds until the window that refused it ends.
const RESERVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count >= tonumber(ARGV[1]) then return math.max(redis.call('PTTL', KEYS[1]), 1000) end
redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

// Never touches an expired window, nor counts below zero.
const RELEASE_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

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
    async reserve(key, limit, windowSeconds) {
      const refusedForMs = Number(
        await redis.eval(RESERVE_SCRIPT, 1, prefix + key, limit, windowSeconds * 1000),
      );
      return refusedForMs > 0
        ? { allowed: false, retryAfterSeconds: refusedForMs / 1000 }
        : { allowed: true };
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
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
    reserve: (key, limit, windowSeconds) =>
      shared.reserve(key, limit, windowSeconds).catch(() => memory.reserve(key, limit, windowSeconds)),
    release: async (key) => {
      await Promise.all([shared.release(key).catch(() => undefined), memory.release(key)]);
    },
    reset: async (key) => {
      await Promise.all([shared.reset(key).catch(() => undefined), memory.reset(key)]);
    },
  };
}
