// buildApp assembles the server in layers (fastify/demo): external plugins (database, Redis, cookies,
// security headers, rate limits, OpenAPI) → the application's modules, each wiring itself (design §1
// "Rooms and arrows") → routes → the web app. Tests call it
// with an injected database, clock and log stream.
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { analyticsConfig } from './config/analytics.ts';
import type { Env } from './config/env.ts';
import { loggerOptions } from './config/logger.ts';
import { resolveSecrets, type Secrets } from './config/secrets.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import allowance from './plugins/app/allowance/index.ts';
import audit from './plugins/app/audit/index.ts';
import { DEFAULT_LOGIN_THROTTLE, type LoginThrottleOptions } from './plugins/app/auth/index.ts';
import companies from './plugins/app/companies/index.ts';
import consoleReads from './plugins/app/console/index.ts';
import credentials, { DEFAULT_EXPIRY_SWEEP_MS } from './plugins/app/credentials/index.ts';
import errorHandler from './plugins/app/error-handler.ts';
import mail, { DEFAULT_MAIL_DELIVERY_MS } from './plugins/app/mail/index.ts';
import noStore from './plugins/app/no-store.ts';
import notices from './plugins/app/notices/index.ts';
import plans from './plugins/app/plans/index.ts';
import refuseNulCharacters from './plugins/app/refuse-nul-characters.ts';
import sessions from './plugins/app/sessions/index.ts';
import staff from './plugins/app/staff/index.ts';
import team from './plugins/app/team/index.ts';
import tokens from './plugins/app/tokens/index.ts';
import usage, {
  DEFAULT_USAGE_FLUSH_MS,
  DEFAULT_USAGE_RETENTION_SWEEP_MS,
} from './plugins/app/usage/index.ts';
import users from './plugins/app/users/index.ts';
import verification, {
  DEFAULT_VERIFIER_THROTTLE,
  type VerificationCacheOptions,
  type VerifierThrottle,
} from './plugins/app/verification/index.ts';
import webApp from './plugins/app/web-app.ts';
import operatorSocket, { claimOperatorSocket } from './operator/operator-socket.ts';
import { createCounterStore, type CounterStore } from './plugins/external/counter-store.ts';
import database from './plugins/external/database.ts';
import openapi, { apiDocs } from './plugins/external/openapi.ts';
import rateLimit, {
  DEFAULT_RATE_LIMITS,
  scaleRateLimits,
  type RateLimits,
} from './plugins/external/rate-limit.ts';
import redis from './plugins/external/redis.ts';
import securityHeaders from './plugins/external/security-headers.ts';
import { trackCloseHooks } from './server/close-hooks.ts';
import { listenerOptions, prepareListener } from './server/fastify-options.ts';
import { buildDataPlane } from './data-plane.ts';
import portalRoutes from './routes/portal-routes.ts';
import dataFeedCalls from './routes/verification/data-feed-calls.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    clock: Clock;
    /**
     * The counter store every limit of the modules counts in (design §2 "One implementation of sessions,
     * one of counters"): one per app, so Redis, or this instance's memory while Redis is away, holds them all.
     */
    counters: CounterStore;
  }
}

export interface BuildAppOptions {
  env: Env;
  clock?: Clock;
  /** Defaults to SESSION_SECRET/CLIENT_SECRET_HASH_KEY or DATA_DIR/secrets.json. */
  secrets?: Secrets;
  /** An open, migrated database the caller keeps ownership of; otherwise opened from env. */
  database?: Database;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  loginThrottle?: Partial<LoginThrottleOptions>;
  rateLimits?: Partial<RateLimits>;
  /** The operator CLI needs the services only, not the web app. */
  serveWebApp?: boolean;
  /** Listen for operator commands on this Unix socket (the server on the embedded database). */
  operatorSocket?: string;
  verificationCache?: Partial<VerificationCacheOptions>;
  /** `run` (the server, default): bring the schema up to date; `require-current`: refuse if it is not. */
  migrations?: 'run' | 'require-current';
  /** How often expired trial tokens are recorded as expired (default 1 s); 0 turns the sweep off. */
  expirySweepMs?: number;
  /** How often each instance looks for email to deliver (default 1 s); 0 leaves only the nudge after a send. */
  mailDeliveryMs?: number;
  /** How often each instance sends due trial reminders (default TRIAL_REMINDER_SECONDS); 0 turns them off. */
  trialRemindersMs?: number;
  verifierThrottle?: Partial<VerifierThrottle>;
  /** Heartbeat of the credential events stream (default HEARTBEAT_INTERVAL_MS). */
  eventsHeartbeatMs?: number;
  /**
   * Bring the trial plan in line with TRIAL_DAILY_QUOTA / TRIAL_RATE_PER_SECOND at start-up (default);
   * the operator CLI turns it off, its shell's environment being no guide to the servers'.
   */
  syncTrialPlan?: boolean;
  /** How often usage counts are written (default 1 s); 0 leaves flush() and the one at close (tests). */
  usageFlushMs?: number;
  /** How often usage past retention is deleted (default hourly); 0 turns the sweep off. */
  usageRetentionSweepMs?: number;
  /** Distinct usage keys held in memory at most (default DEFAULT_USAGE_MAX_KEYS). */
  usageMaxKeys?: number;
  /**
   * Hash passwords at almost no cost (TEST_ONLY_ARGON2_OPTIONS) so the API tests are not spent in
   * argon2. Refused unless NODE_ENV is `test`: a server never takes it (no setting reaches it).
   */
  testOnlyCheapPasswordHashing?: boolean;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  if (options.testOnlyCheapPasswordHashing && env.NODE_ENV !== 'test') {
    throw new Error('testOnlyCheapPasswordHashing is for the tests only: NODE_ENV must be test');
  }
  if (options.operatorSocket) await claimOperatorSocket(options.operatorSocket);
  const app = Fastify({
    logger: loggerOptions(env, options.logStream),
    ...listenerOptions(env),
    // Opening PGlite and running migrations takes seconds on a busy machine, more than Fastify's 10 s
    // default allows a plugin; a start that gives up there is worse than a slow one.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  // Before any plugin adds one: a shutdown held at its deadline names the hooks still running.
  trackCloseHooks(app);
  prepareListener(app);

  const secrets = options.secrets ?? (await resolveSecrets(env));
  await app.register(database, { env, database: options.database, migrations: options.migrations });
  await app.register(redis, { env });
  await app.register(rateLimit, {
    limits: { ...scaleRateLimits(DEFAULT_RATE_LIMITS, env.RATE_LIMIT_SCALE), ...options.rateLimits },
    keyPrefix: env.REDIS_KEY_PREFIX,
  });
  await app.register(openapi, { appUrl: env.APP_URL });

  await app.register(errorHandler);
  await app.register(noStore);
  app.decorate('env', env);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate(
    'counters',
    createCounterStore({ redis: app.redis, prefix: env.REDIS_KEY_PREFIX, clock: app.clock }),
  );

  // The modules (plugins/app/<module>/index.ts), each a named plugin that decorates the app with what it
  // serves and declares the modules it needs, in an order that lists every module after those
  // (Fastify refuses a module registered before one it depends on). A module closes before those
  // registered ahead of it: mail and usage after everything that writes email or counts.
  await app.register(audit);
  await app.register(mail, { deliveryMs: options.mailDeliveryMs ?? DEFAULT_MAIL_DELIVERY_MS });
  await app.register(allowance);
  await app.register(usage, {
    flushMs: options.usageFlushMs ?? DEFAULT_USAGE_FLUSH_MS,
    retentionSweepMs: options.usageRetentionSweepMs ?? DEFAULT_USAGE_RETENTION_SWEEP_MS,
    maxKeys: options.usageMaxKeys,
  });
  await app.register(credentials, { expirySweepMs: options.expirySweepMs ?? DEFAULT_EXPIRY_SWEEP_MS });
  await app.register(verification, {
    secrets,
    cache: options.verificationCache,
    throttle: { ...DEFAULT_VERIFIER_THROTTLE, ...options.verifierThrottle },
  });
  await app.register(notices, {
    trialRemindersMs: options.trialRemindersMs ?? env.TRIAL_REMINDER_SECONDS * 1000,
  });
  await app.register(sessions, { secrets });
  await app.register(plans, { syncTrialPlan: options.syncTrialPlan ?? true });
  await app.register(companies);
  await app.register(team);
  await app.register(users, {
    loginThrottle: { ...DEFAULT_LOGIN_THROTTLE, ...options.loginThrottle },
    cheapPasswordHashing: options.testOnlyCheapPasswordHashing ?? false,
  });
  await app.register(tokens, { secrets });
  await app.register(staff, { secrets });
  await app.register(consoleReads);
  if (options.operatorSocket) await app.register(operatorSocket, { path: options.operatorSocket });

  // Two contexts. The portal — the browser's calls, the docs and the web app — with cookies and the
  // security headers a browser needs; the data feed's calls without them, since they are made by a few
  // services thousands of times a second and those hooks would be a large share of each call's cost.
  await app.register(async (portal) => {
    await portal.register(cookie);
    await portal.register(securityHeaders, {
      https: env.APP_URL.startsWith('https:'),
      analytics: analyticsConfig(env),
    });
    await portal.register(refuseNulCharacters);
    await portal.register(apiDocs);
    await portal.register(portalRoutes);
    if (options.serveWebApp !== false) await portal.register(webApp, { distDir: env.WEB_DIST_DIR });
  });
  // Kept on the portal's listener for the feeds that call it there; FEED_PORT serves them apart too.
  await app.register(dataFeedCalls, { eventsHeartbeatMs: options.eventsHeartbeatMs });
  app.decorate(
    'dataPlane',
    env.FEED_PORT === undefined
      ? null
      : await buildDataPlane(app, env, { eventsHeartbeatMs: options.eventsHeartbeatMs }),
  );
  return app;
}
