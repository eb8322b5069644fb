// Counters of failures (reset requests, bad verifier keys, staff sign-ins), in seconds, over the counter
// store (external/counter-store.ts): in Redis when the server has it, so a limit holds across instances,
// and in memory otherwise and while Redis is away. A counter lives for one window from its first failure.
// `reserve` checks the limit and counts in one atomic step, so parallel attempts cannot all pass a check
// made before any of them failed (as the sign-in lockout does, login-attempts.ts).
import type { CounterStore } from '../../external/counter-store.ts';

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

export function createFailureCounters(counters: CounterStore): FailureCounters {
  return {
    async get(key) {
      const { current, ttl } = await counters.read(key);
      return { count: current, ttlSeconds: ttl / 1000 };
    },
    async increment(key, windowSeconds) {
      await counters.increment(key, windowSeconds * 1000);
    },
    async reserve(key, limit, windowSeconds) {
      const reservation = await counters.reserve([{ key, limit }], windowSeconds * 1000);
      return reservation.allowed
        ? reservation
        : { allowed: false, retryAfterSeconds: reservation.retryAfterMs / 1000 };
    },
    release: (key) => counters.takeBack([{ key }]),
    reset: (key) => counters.takeBack([{ key, all: true }]),
  };
}
