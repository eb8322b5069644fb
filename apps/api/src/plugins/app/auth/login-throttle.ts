// Login lockout (design §2 "Sign-in lockout"). Like the big identity providers, a guessing address is
// locked out of one account long before the account is locked for everyone, so a stranger cannot lock
// someone out with ten wrong passwords:
// - 10 failures from one address on one account lock that pair;
// - 100 failures on one account from all addresses lock the account (a distributed attack);
// - 30 failures from one address over all accounts lock the address (password spraying).
// Each counter lives for one window from its first failure; a locked attempt gets 429 with Retry-After
// and no password check. A success forgives its address's failures on the account, never an address's
// counter over all accounts; a completed password reset clears the account's counters.
import { normalizeEmail } from '@datafeeds/domain';
import { rateLimited } from '../../../lib/errors.ts';
import type { LoginAttempts } from './login-attempts.ts';

export interface LoginThrottleOptions {
  /** Failures one address may make on one account per window. */
  maxFailures: number;
  /** Failures on one account from all addresses per window. */
  maxAccountFailures: number;
  /** Failures from one address over all accounts per window. */
  maxAddressFailures: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  maxFailures: 10,
  maxAccountFailures: 100,
  maxAddressFailures: 30,
  windowSeconds: 15 * 60,
};

export function createLoginThrottle(attempts: LoginAttempts, options: LoginThrottleOptions) {
  const limits = {
    perAccountAndAddress: options.maxFailures,
    perAccount: options.maxAccountFailures,
    perAddress: options.maxAddressFailures,
    windowSeconds: options.windowSeconds,
  };

  return {
    /**
     * Counts the attempt as a failure before the password is checked, or throws a 429 error when a limit
     * is reached. Call `succeeded` if the password turns out right.
     */
    async reserve(email: string, ip: string): Promise<void> {
      const reservation = await attempts.reserve(normalizeEmail(email), ip, limits);
      if (!reservation.allowed) throw rateLimited(reservation.retryAfterSeconds);
    },
    async succeeded(email: string, ip: string): Promise<void> {
      await attempts.succeeded(normalizeEmail(email), ip);
    },
    /** The attempt was refused before its password was checked (overload): it does not count. */
    async released(email: string, ip: string): Promise<void> {
      await attempts.released(normalizeEmail(email), ip);
    },
    async clearAccount(email: string): Promise<void> {
      await attempts.clearAccount(normalizeEmail(email));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
