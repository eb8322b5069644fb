// The rate limits' store: @fastify/rate-limit's counters kept in the counter store (counter-store.ts),
// so they are shared through Redis and held in memory while Redis is away. Named so an operator can
// read them: `<prefix>rate-limit:<limit>:<max>:<ip>`, e.g. `datafeeds:rate-limit:credentials:30:203.0.113.7`
// (the library's own store names the counters of limits made outside a route `undefinedundefined-<ip>`).
// The size is in the name, so instances configured alike share a counter and an instance with another
// RATE_LIMIT_SCALE keeps its own.
import type { RateLimitOptions, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { CounterStore, WindowCount } from './counter-store.ts';

/** A limit's name travels in its options (app.rateLimit({ name }) or a route's config.rateLimit). */
export type NamedLimitOptions = RateLimitOptions & { name?: string };

type Callback = (error: Error | null, result?: WindowCount) => void;

function limitName(options: NamedLimitOptions & { routeInfo?: { method?: string; url?: string } }): string {
  if (options.name) return options.name;
  const route = options.routeInfo;
  return route?.method && route.url ? `${route.method}${route.url}` : 'global';
}

/** The library's store over `counters`, whose keys are then `<limit>:<max>:<ip>`. */
export function namedLimitStore(counters: CounterStore): NonNullable<RateLimitPluginOptions['store']> {
  // The library calls child() with the limit's merged options (its type says route options).
  class NamedLimitStore {
    private readonly prefix: string;

    constructor(options: NamedLimitOptions) {
      this.prefix = `${limitName(options)}:${String(options.max)}:`;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      counters.increment(this.prefix + key, timeWindow).then((count) => callback(null, count), callback);
    }

    read(key: string, callback: Callback): void {
      counters.read(this.prefix + key).then((count) => callback(null, count), callback);
    }

    child(options: NamedLimitOptions): NamedLimitStore {
      return new NamedLimitStore(options);
    }
  }
  return NamedLimitStore as unknown as NonNullable<RateLimitPluginOptions['store']>;
}
