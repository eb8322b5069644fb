// Builds the real app for a test: the file's real database, fixed secrets, a loopback HOST (dev mailbox
// on), quiet logs and generous request rate limits unless a test asks for others. Closed after the file
// (setup.ts).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { loadEnv, type EnvInput } from '../../src/config/env.ts';
import { testDatabase } from './test-database.ts';

export const TEST_APP_URL = 'http://portal.test';
export const TEST_SECRETS = {
  sessionSecret: 'test-session-secret-0123456789abcdef0123456789',
  clientSecretHashKey: 'test-client-secret-hash-key-0123456789abcdef',
};

const GENEROUS_RATE_LIMITS = {
  global: 10_000,
  availability: 10_000,
  register: 10_000,
  forgotPassword: 10_000,
  resendVerification: 10_000,
  refresh: 10_000,
  credentials: 10_000,
  invitations: 10_000,
  invitationLinks: 10_000,
  consoleSignIn: 10_000,
};

export interface TestAppOptions extends Omit<BuildAppOptions, 'env'> {
  env?: EnvInput;
  /** Extra routes a test needs, added before the app is ready. */
  extend?: (app: FastifyInstance) => void;
}

const apps: FastifyInstance[] = [];

export function testEnv(env: EnvInput = {}) {
  return loadEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    APP_URL: TEST_APP_URL,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'datafeeds-api-test-')),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'datafeeds-no-web-dist'),
    // Required with DATABASE_URL or in production; the apps built here get TEST_SECRETS anyway.
    SESSION_SECRET: TEST_SECRETS.sessionSecret,
    CLIENT_SECRET_HASH_KEY: TEST_SECRETS.clientSecretHashKey,
    ...env,
  });
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const { env, extend, ...rest } = options;
  const appEnv = testEnv(env);
  const app = await buildApp({
    env: appEnv,
    secrets: TEST_SECRETS,
    database: await testDatabase(),
    // The expiry sweep writes in the background; tests that need it turn it on.
    expirySweepMs: 0,
    // Email is still delivered right after each send; tests of retries and purges turn the poll on.
    mailDeliveryMs: 0,
    // Usage is written when a test flushes (app.usageMeter.flush()) or closes the app, not by a timer.
    usageFlushMs: 0,
    usageRetentionSweepMs: 0,
    // Trial reminders run when a test calls app.trialReminders.run().
    trialRemindersMs: 0,
    // Thousands of hashes at the production cost would be a large part of the suite's CPU; the production
    // parameters are pinned in password-hasher.test.ts, on an app built with this turned off. An app a
    // test builds as production or development (buildApp refuses the cheap cost there) hashes for real.
    testOnlyCheapPasswordHashing: appEnv.NODE_ENV === 'test',
    ...rest,
    rateLimits: { ...GENEROUS_RATE_LIMITS, ...rest.rateLimits },
  });
  extend?.(app);
  await app.ready();
  apps.push(app);
  return app;
}

/** Closes every app the file built (setup.ts, after each file, before its database goes). */
export async function closeTestApps(): Promise<void> {
  await Promise.all(apps.splice(0).map((app) => app.close()));
}
