// buildApp assembles the server in layers (fastify/demo): external plugins (database, Redis, cookies,
// security headers, rate limits, OpenAPI) → application plugins (error handler, mail, usage, credentials,
// services, authentication of people and of data-feed services) → routes → the web app. Tests call it
// with an injected database, clock and log stream.
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { analyticsConfig } from './config/analytics.ts';
import { devMailboxEnabled, type Env } from './config/env.ts';
import { loggerOptions } from './config/logger.ts';
import { resolveSecrets, type Secrets } from './config/secrets.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import authentication from './plugins/app/authentication.ts';
import { DEFAULT_LOGIN_THROTTLE, type LoginThrottleOptions } from './plugins/app/auth/login-throttle.ts';
import consoleReads from './plugins/app/console-reads.ts';
import credentials, { DEFAULT_EXPIRY_SWEEP_MS } from './plugins/app/credentials.ts';
import errorHandler from './plugins/app/error-handler.ts';
import mail from './plugins/app/mail.ts';
import { DEFAULT_MAIL_DELIVERY_MS } from './plugins/app/mail/mailer.ts';
import noStore from './plugins/app/no-store.ts';
import refuseNulCharacters from './plugins/app/refuse-nul-characters.ts';
import type { VerificationCacheOptions } from './plugins/app/verification/verification-service.ts';
import verifierAuthentication, {
  DEFAULT_VERIFIER_THROTTLE,
  type VerifierThrottle,
} from './plugins/app/verifier-authentication.ts';
import operatorSocket, { claimOperatorSocket } from './operator/operator-socket.ts';
import services from './plugins/app/services.ts';
import staff from './plugins/app/staff.ts';
import trialReminders from './plugins/app/trial-reminders.ts';
import usage from './plugins/app/usage.ts';
import { DEFAULT_USAGE_FLUSH_MS } from './plugins/app/usage/usage-meter.ts';
import { DEFAULT_USAGE_RETENTION_SWEEP_MS } from './plugins/app/usage/usage-retention.ts';
import webApp from './plugins/app/web-app.ts';
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
import recoveryRoutes from './routes/auth/recovery.ts';
import signInRoutes from './routes/auth/sign-in.ts';
import consoleOutboxRoutes from './routes/console/outbox.ts';
import consolePlanRoutes from './routes/console/plans.ts';
import staffAccountRoutes from './routes/console/staff-accounts.ts';
import staffSignInRoutes from './routes/console/staff-sign-in.ts';
import companyActionRoutes from './routes/console/company-actions.ts';
import verifierKeyRoutes from './routes/console/verifier-keys.ts';
import consoleCompanyRoutes from './routes/console/console-companies.ts';
import staffTrailRoutes from './routes/console/staff-trail.ts';
import mailboxRoutes from './routes/dev/mailbox.ts';
import systemRoutes from './routes/system/system.ts';
import availabilityRoutes from './routes/users/availability.ts';
import profileRoutes from './routes/users/profile.ts';
import activityRoutes from './routes/audit/activity.ts';
import upgradeRoutes from './routes/account/upgrade.ts';
import quotaRoutes from './routes/account/quota.ts';
import clientsRoutes from './routes/tokens/clients.ts';
import usageRoutes from './routes/tokens/usage.ts';
import dataFeedCalls from './routes/verification/data-feed-calls.ts';
import invitationRoutes from './routes/team/invitations.ts';
import teamRoutes from './routes/team/team.ts';

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
  const clock = options.clock ?? systemClock;
  await app.register(mail, { env, clock, deliveryMs: options.mailDeliveryMs ?? DEFAULT_MAIL_DELIVERY_MS });
  await app.register(usage, {
    env,
    clock,
    flushMs: options.usageFlushMs ?? DEFAULT_USAGE_FLUSH_MS,
    retentionSweepMs: options.usageRetentionSweepMs ?? DEFAULT_USAGE_RETENTION_SWEEP_MS,
    maxKeys: options.usageMaxKeys,
  });
  await app.register(credentials, {
    env,
    clock,
    secrets,
    verificationCache: options.verificationCache,
    expirySweepMs: options.expirySweepMs ?? DEFAULT_EXPIRY_SWEEP_MS,
  });
  await app.register(services, {
    env,
    clock,
    secrets,
    loginThrottle: { ...DEFAULT_LOGIN_THROTTLE, ...options.loginThrottle },
    syncTrialPlan: options.syncTrialPlan ?? true,
    cheapPasswordHashing: options.testOnlyCheapPasswordHashing ?? false,
  });
  await app.register(trialReminders, {
    env,
    clock,
    intervalMs: options.trialRemindersMs ?? env.TRIAL_REMINDER_SECONDS * 1000,
  });
  await app.register(authentication);
  await app.register(staff, { secrets });
  await app.register(consoleReads);
  await app.register(verifierAuthentication, {
    throttle: { ...DEFAULT_VERIFIER_THROTTLE, ...options.verifierThrottle },
    keyPrefix: env.REDIS_KEY_PREFIX,
    clock,
  });
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
    await portal.register(signInRoutes);
    await portal.register(staffSignInRoutes);
    await portal.register(companyActionRoutes);
    await portal.register(verifierKeyRoutes);
    await portal.register(consoleOutboxRoutes);
    await portal.register(consolePlanRoutes);
    await portal.register(staffAccountRoutes);
    await portal.register(consoleCompanyRoutes);
    await portal.register(staffTrailRoutes);
    await portal.register(recoveryRoutes);
    await portal.register(profileRoutes);
    await portal.register(availabilityRoutes);
    await portal.register(clientsRoutes);
    await portal.register(usageRoutes);
    await portal.register(upgradeRoutes);
    await portal.register(quotaRoutes);
    await portal.register(activityRoutes);
    await portal.register(teamRoutes);
    await portal.register(invitationRoutes);
    await portal.register(systemRoutes);
    if (devMailboxEnabled(env)) await portal.register(mailboxRoutes);
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
