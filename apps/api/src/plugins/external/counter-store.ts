// The one store of counters that limits are made of (design §6 "When something outside fails"): request
// rate limits (rate-limit-store.ts), failure counters (auth/failure-counters.ts) and sign-in attempts
// (auth/login-attempts.ts) all count here. A counter lives in a fixed window that starts with its first
// count; counters that share a key (fields of one Redis hash) share its window, so they end, and are
// forgotten, together.
//
// In Redis when the server has it, so a limit holds across instances; in this instance's memory
// otherwise, and in memory too while Redis is away, so a limit never lapses because Redis did: it holds
// per instance meanwhile, and is shared again as soon as Redis answers (each call tries Redis first).
// Every step is one Redis script (one round trip, atomic); in memory, one turn of the event loop.
import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock.ts';

/** A counter's count and the milliseconds left in its window (0 when it has none). */
export interface WindowCount {
  current: number;
  ttl: number;
}

/** A counter: a key, or one field of a key (fields of one key share its window). */
export interface Counter {
  key: string;
  field?: string;
}

export type Reservation = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface CounterStore {
  /** Counts one, starting the counter's window if none is live. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  read(key: string): Promise<WindowCount>;
  /**
   * Counts one in every counter, in one atomic step, unless one of them has reached its limit: then
   * nothing is counted and the answer is the time left in the window of the first that refused.
   */
  reserve(counters: readonly (Counter & { limit: number })[], windowMs: number): Promise<Reservation>;
  /**
   * Takes back one count from each counter, or with `all` the whole counter (a key without a field:
   * every field of it). Never below zero, and never into a window that has ended.
   */
  takeBack(counters: readonly (Counter & { all?: boolean })[]): Promise<void>;
}

/** Fields of a key held in memory; a key's own count is its field ''. */
interface MemoryWindow {
  counts: Map<string, number>;
  endsAt: number;
}

const SWEEP_ABOVE = 10_000;

function createMemoryCounters(clock: Clock): CounterStore {
  const windows = new Map<string, MemoryWindow>();
  const now = () => clock.now().getTime();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  const open = (key: string, windowMs: number) => {
    if (windows.size > SWEEP_ABOVE) for (const name of [...windows.keys()]) live(name);
    let window = live(key);
    if (!window) {
      window = { counts: new Map(), endsAt: now() + windowMs };
      windows.set(key, window);
    }
    return window;
  };
  const countOf = (window: MemoryWindow | undefined, field = '') => window?.counts.get(field) ?? 0;

  // No await in any of these: each check and count happens in one turn of the event loop, atomically.
  return {
    async increment(key, windowMs) {
      const window = open(key, windowMs);
      const current = countOf(window) + 1;
      window.counts.set('', current);
      return { current, ttl: window.endsAt - now() };
    },
    async read(key) {
      const window = live(key);
      return window ? { current: countOf(window), ttl: window.endsAt - now() } : { current: 0, ttl: 0 };
    },
    async reserve(counters, windowMs) {
      for (const { key, field, limit } of counters) {
        const window = live(key);
        if (countOf(window, field) >= limit)
          return { allowed: false, retryAfterMs: window ? window.endsAt - now() : 0 };
      }
      for (const { key, field = '' } of counters) {
        const window = open(key, windowMs);
        window.counts.set(field, countOf(window, field) + 1);
      }
      return { allowed: true };
    },
    async takeBack(counters) {
      for (const { key, field, all } of counters) {
        const window = live(key);
        if (!window) continue;
        if (all && field === undefined) windows.delete(key);
        else if (all) window.counts.delete(field ?? '');
        else if (countOf(window, field) > 0) window.counts.set(field ?? '', countOf(window, field) - 1);
      }
    },
  };
}

// SET NX starts the window with the first count; INCR counts; PTTL tells what is left. The rate limits'
// step on every request, hence one command and one reply.
const INCREMENT_SCRIPT = `
redis.call('SET', KEYS[1], 0, 'PX', ARGV[1], 'NX')
local current = redis.call('INCR', KEYS[1])
return { current, redis.call('PTTL', KEYS[1]) }
`;

const READ_SCRIPT = `return { tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1]) }`;

// KEYS the counters' keys; ARGV[1] the window in ms, then for each counter its field ('' for the key
// itself) and its limit. Answers 0 when every counter counted the attempt, or the milliseconds until
// the window of the first that refused it ends.
const RESERVE_SCRIPT = `
for i, key in ipairs(KEYS) do
  local field = ARGV[2 * i]
  local count
  if field == '' then count = redis.call('GET', key) else count = redis.call('HGET', key, field) end
  if tonumber(count or '0') >= tonumber(ARGV[2 * i + 1]) then
    return math.max(redis.call('PTTL', key), 1000)
  end
end
for i, key in ipairs(KEYS) do
  local field = ARGV[2 * i]
  if field == '' then redis.call('INCR', key) else redis.call('HINCRBY', key, field, 1) end
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[1]) end
end
return 0
`;

// KEYS the counters' keys; for each, ARGV its field ('' for the key itself) and 'one' or 'all'. A count
// is taken back only while above zero, so an ended window (a key gone) is never made again.
const TAKE_BACK_SCRIPT = `
for i, key in ipairs(KEYS) do
  local field = ARGV[2 * i - 1]
  local all = ARGV[2 * i] == 'all'
  if field == '' then
    if all then redis.call('DEL', key)
    elseif tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
  else
    if all then redis.call('HDEL', key, field)
    elseif tonumber(redis.call('HGET', key, field) or '0') > 0 then redis.call('HINCRBY', key, field, -1) end
  end
end
return 0
`;

/** The scripts as commands of the connection (EVALSHA, loaded again by ioredis if Redis lost them). */
interface CounterCommands {
  datafeedsCounterIncrement(key: string, windowMs: number): Promise<[number, number]>;
  datafeedsCounterRead(key: string): Promise<[number, number]>;
  datafeedsCounterReserve(keyCount: number, ...keysThenArgs: (string | number)[]): Promise<number>;
  datafeedsCounterTakeBack(keyCount: number, ...keysThenArgs: string[]): Promise<number>;
}

function withCounterCommands(redis: Redis): Redis & CounterCommands {
  const scripts: [keyof CounterCommands, string, number | undefined][] = [
    ['datafeedsCounterIncrement', INCREMENT_SCRIPT, 1],
    ['datafeedsCounterRead', READ_SCRIPT, 1],
    // These take a number of keys, given first on each call.
    ['datafeedsCounterReserve', RESERVE_SCRIPT, undefined],
    ['datafeedsCounterTakeBack', TAKE_BACK_SCRIPT, undefined],
  ];
  for (const [name, lua, numberOfKeys] of scripts) {
    if (!(name in redis))
      redis.defineCommand(name, numberOfKeys === undefined ? { lua } : { lua, numberOfKeys });
  }
  return redis as Redis & CounterCommands;
}

function createRedisCounters(redis: Redis, prefix: string): CounterStore {
  const commands = withCounterCommands(redis);
  return {
    // The step of every rate-limited request: the command and its mapping, without an async wrapper.
    increment: (key, windowMs) =>
      commands
        .datafeedsCounterIncrement(prefix + key, windowMs)
        .then(([current, ttl]) => ({ current: Number(current), ttl: ttl > 0 ? ttl : windowMs })),
    async read(key) {
      const [current, ttl] = await commands.datafeedsCounterRead(prefix + key);
      return { current: Number(current), ttl: Math.max(0, ttl) };
    },
    async reserve(counters, windowMs) {
      const keys = counters.map(({ key }) => prefix + key);
      const args = counters.flatMap(({ field = '', limit }) => [field, limit]);
      const refusedForMs = Number(
        await commands.datafeedsCounterReserve(keys.length, ...keys, windowMs, ...args),
      );
      return refusedForMs > 0 ? { allowed: false, retryAfterMs: refusedForMs } : { allowed: true };
    },
    async takeBack(counters) {
      const keys = counters.map(({ key }) => prefix + key);
      const args = counters.flatMap(({ field = '', all }) => [field, all ? 'all' : 'one']);
      await commands.datafeedsCounterTakeBack(keys.length, ...keys, ...args);
    },
  };
}

/**
 * Counters under `prefix` in Redis when `redis` is given, falling back to this instance's memory
 * whenever a Redis step fails; in memory alone otherwise. `clock` times the memory windows (Redis times
 * its own). Counts taken back go to both, so the memory is right should Redis go away later.
 */
export function createCounterStore(options: {
  redis: Redis | undefined;
  prefix: string;
  clock: Clock;
}): CounterStore {
  const memory = createMemoryCounters(options.clock);
  if (!options.redis) return memory;
  const shared = createRedisCounters(options.redis, options.prefix);
  return {
    increment: (key, windowMs) =>
      shared.increment(key, windowMs).then(undefined, () => memory.increment(key, windowMs)),
    read: (key) => shared.read(key).then(undefined, () => memory.read(key)),
    reserve: (counters, windowMs) =>
      shared.reserve(counters, windowMs).then(undefined, () => memory.reserve(counters, windowMs)),
    takeBack: async (counters) => {
      await Promise.all([shared.takeBack(counters).catch(() => undefined), memory.takeBack(counters)]);
    },
  };
}
