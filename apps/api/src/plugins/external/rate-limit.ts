// Request rate limits per IP: a global default plus tighter limits that routes pick by name. Counters
// live in Redis when it is configured (the counter store, counter-store.ts), so the limits hold across
// instances; in the library's memory store otherwise.
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { systemClock } from '../../lib/clock.ts';
import { createCounterStore } from './counter-store.ts';
import { namedLimitStore, type NamedLimitOptions } from './rate-limit-store.ts';
import { isServerPath } from '../../lib/api-paths.ts';
import { rateLimited } from '../../lib/errors.ts';

/** Requests per minute and IP. */
export interface RateLimits {
  global: number;
  availability: number;
  register: number;
  forgotPassword: number;
  resendVerification: number;
  refresh: number;
  /** CreateClient and RotateClient together: each issues a new secret. */
  credentials: number;
  /** InviteMember and ResendInvitation together: each emails a stranger, so nobody mail-bombs through them. */
  invitations: number;
  /** GetInvitation and AcceptInvitation together: each looks an invitation link up. */
  invitationLinks: number;
  /**
   * The console's sign-in and setup link (design §11) together: each tries a password, a code or a
   * link. The lockout counts per account; this counts per address, across accounts.
   */
  consoleSignIn: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  global: 300,
  availability: 30,
  register: 10,
  forgotPassword: 5,
  resendVerification: 3,
  refresh: 30,
  credentials: 30,
  invitations: 10,
  invitationLinks: 30,
  consoleSignIn: 20,
};

export function scaleRateLimits(limits: RateLimits, scale: number): RateLimits {
  return Object.fromEntries(
    Object.entries(limits).map(([name, max]) => [name, max * scale]),
  ) as unknown as RateLimits;
}

/** One named limit: `max` requests a minute per address, counted apart from every other limit. */
export function namedLimit(name: string, max: number): RateLimitOptions {
  const options: NamedLimitOptions = { name, max, timeWindow: '1 minute' };
  return options;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

export default fp<{ limits: RateLimits; keyPrefix: string }>(
  async (app, { limits, keyPrefix }) => {
    app.decorate('rateLimits', limits);
    await app.register(rateLimit, {
      global: true,
      max: limits.global,
      timeWindow: '1 minute',
      // Only the server's own calls count: one page load fetches many static files, and counting
      // them would lock out people who share an address long before any API abuse. (The data feed's
      // calls opt out per route: routes/verification/data-feed-route.ts.)
      allowList: (request) => !isServerPath(request.url),
      // Windows of real time, as Redis keeps them (the app's clock is the tests' to move).
      ...(app.redis
        ? {
            store: namedLimitStore(
              createCounterStore({ redis: app.redis, prefix: `${keyPrefix}rate-limit:`, clock: systemClock }),
            ),
          }
        : {}),
      // Redis trouble must not take the API down with it.
      skipOnError: true,
      errorResponseBuilder: (_request, context) => rateLimited(context.ttl / 1000),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
