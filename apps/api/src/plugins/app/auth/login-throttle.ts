// Login lockout (design §2): after `maxFailures` consecutive failures for an account or from an IP, further
// attempts get 429 with Retry-After until the window ends. Success resets the account's counter only, so
// one valid account cannot be used to reset an attacker's IP counter.
import { normalizeEmail } from '@datafeeds/domain';
import { rateLimited } from '../../../lib/errors.ts';
import type { FailureCounters } from './failure-counters.ts';

export interface LoginThrottleOptions {
  maxFailures: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = { maxFailures: 10, windowSeconds: 15 * 60 };

export function createLoginThrottle(counters: FailureCounters, options: LoginThrottleOptions) {
  const accountKey = (email: string) => `login-failures:account:${normalizeEmail(email)}`;
  const ipKey = (ip: string) => `login-failures:ip:${ip}`;

  return {
    /** Throws a 429 error when either counter has reached the limit. */
    async check(email: string, ip: string): Promise<void> {
      const states = await Promise.all([counters.get(accountKey(email)), counters.get(ipKey(ip))]);
      const blocked = states.filter((state) => state.count >= options.maxFailures);
      if (blocked.length > 0) throw rateLimited(Math.max(...blocked.map((state) => state.ttlSeconds)));
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await Promise.all([
        counters.increment(accountKey(email), options.windowSeconds),
        counters.increment(ipKey(ip), options.windowSeconds),
      ]);
    },
    async recordSuccess(email: string): Promise<void> {
      await counters.reset(accountKey(email));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
