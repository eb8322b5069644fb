// Rate-limit counters in Redis under names an operator can read: `<prefix>rate-limit:<limit>:<max>:<ip>`,
// e.g. `datafeeds:rate-limit:credentials:30:203.0.113.7`. (The library's own store names the counters
// of limits made outside a route `undefinedundefined-<ip>`.) The size is in the name, so instances
// configured alike share a counter and an instance with another RATE_LIMIT_SCALE keeps its own.
import type { RateLimitOptions, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { createMemoryWindows } from './counter-fallback.ts';

/** A limit's name travels in its options (app.rateLimit({ name }) or a route's config.rateLimit). */
export type NamedLimitOptions = RateLimitOptions & { name?: string };

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

// SET NX starts the window with the first request; INCR counts; PTTL tells what is left. One script, so
// each request costs one command and one reply (the MULTI/EXEC it replaces was five of each, about a
// twentieth of a signed-in call's CPU), and atomic like the transaction was.
const INCREMENT_SCRIPT = `
redis.call('SET', KEYS[1], 0, 'PX', ARGV[1], 'NX')
local current = redis.call('INCR', KEYS[1])
return { current, redis.call('PTTL', KEYS[1]) }
`;
const INCREMENT_COMMAND = 'datafeedsRateLimitIncrement';

type WithIncrement = Redis & {
  [INCREMENT_COMMAND](key: string, windowMs: number): Promise<[number, number]>;
};

/** The script as a command of this connection (EVALSHA, loaded again by ioredis if Redis lost it). */
function withIncrement(redis: Redis): WithIncrement {
  if (!(INCREMENT_COMMAND in redis)) {
    redis.defineCommand(INCREMENT_COMMAND, { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  }
  return redis as WithIncrement;
}

function limitName(options: NamedLimitOptions & { routeInfo?: { method?: string; url?: string } }): string {
  if (options.name) return options.name;
  const route = options.routeInfo;
  return route?.method && route.url ? `${route.method}${route.url}` : 'global';
}

export function namedRedisStore(
  redis: Redis,
  nameSpace: string,
): NonNullable<RateLimitPluginOptions['store']> {
  // Where counting goes on while Redis is away, so the limits still hold on this instance.
  const fallback = createMemoryWindows();
  const counters = withIncrement(redis);
  // The library calls child() with the limit's merged options (its type says route options).
  class NamedRedisStore {
    private readonly prefix: string;

    constructor(options: NamedLimitOptions) {
      this.prefix = `${nameSpace}${limitName(options)}:${String(options.max)}:`;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const name = this.prefix + key;
      counters[INCREMENT_COMMAND](name, timeWindow).then(
        ([current, ttl]) => callback(null, { current: Number(current), ttl: ttl > 0 ? ttl : timeWindow }),
        () => callback(null, fallback.increment(name, timeWindow)),
      );
    }

    read(key: string, callback: Callback): void {
      const name = this.prefix + key;
      Promise.all([redis.get(name), redis.pttl(name)]).then(
        ([current, ttl]) => callback(null, { current: Number(current ?? 0), ttl: Math.max(0, ttl) }),
        () => callback(null, fallback.read(name)),
      );
    }

    child(options: NamedLimitOptions): NamedRedisStore {
      return new NamedRedisStore(options);
    }
  }
  return NamedRedisStore as unknown as NonNullable<RateLimitPluginOptions['store']>;
}
