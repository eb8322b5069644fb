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
  // The library calls child() with the limit's merged options (its type says route options).
  class NamedRedisStore {
    private readonly prefix: string;

    constructor(options: NamedLimitOptions) {
      this.prefix = `${nameSpace}${limitName(options)}:${String(options.max)}:`;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const name = this.prefix + key;
      // SET NX starts the window with the first request; INCR counts; PTTL tells what is left. Atomic.
      redis
        .multi()
        .set(name, 0, 'PX', timeWindow, 'NX')
        .incr(name)
        .pttl(name)
        .exec()
        .then(
          (results) => {
            const current = Number(results?.[1]?.[1] ?? 0);
            const ttl = Number(results?.[2]?.[1] ?? timeWindow);
            callback(null, { current, ttl: ttl > 0 ? ttl : timeWindow });
          },
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
