import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRIAL_LIMITS } from '@datafeeds/domain';
import { DEFAULT_WEB_DIST_DIR, EnvError, isLoopbackHost, loadEnv } from '../../src/config/env.ts';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      APP_URL: 'http://127.0.0.1:8080',
      DATA_DIR: path.resolve('./data'),
      DEV_MAILBOX: false,
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      WEB_DIST_DIR: DEFAULT_WEB_DIST_DIR,
      PROVIDER_TEAM_EMAIL: 'provider-team@datafeeds.example',
      MIXPANEL_API_HOST: 'https://api-js.mixpanel.com',
      LIMIT_ENFORCEMENT: 'on',
    });
    for (const unset of [
      'DATABASE_URL',
      'SMTP_URL',
      'REDIS_URL',
      'SESSION_SECRET',
      'CLIENT_SECRET_HASH_KEY',
      'MIXPANEL_TOKEN',
      'GA_MEASUREMENT_ID',
    ] as const) {
      expect(env[unset]).toBeUndefined();
    }
    expect(DEFAULT_WEB_DIST_DIR).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('resolves a relative DATA_DIR from where npm was started, not from the package folder', () => {
    expect(loadEnv({ INIT_CWD: '/srv/portal' }).DATA_DIR).toBe('/srv/portal/data');
    expect(loadEnv({ INIT_CWD: '/srv/portal', DATA_DIR: 'state' }).DATA_DIR).toBe('/srv/portal/state');
    expect(loadEnv({ INIT_CWD: '/srv/portal', DATA_DIR: '/var/lib/portal' }).DATA_DIR).toBe(
      '/var/lib/portal',
    );
  });

  it('derives APP_URL from HOST and PORT and trims a trailing slash from a given one', () => {
    expect(loadEnv({ HOST: '::1', PORT: '9000' }).APP_URL).toBe('http://[::1]:9000');
    expect(loadEnv({ APP_URL: 'https://portal.example/' }).APP_URL).toBe('https://portal.example');
  });

  it('turns limit enforcement off only when told to, and refuses anything but on or off', () => {
    expect(loadEnv({ LIMIT_ENFORCEMENT: 'off' }).LIMIT_ENFORCEMENT).toBe('off');
    expect(() => loadEnv({ LIMIT_ENFORCEMENT: 'false' })).toThrow(/LIMIT_ENFORCEMENT/);
  });

  it('fails fast listing every bad variable at once', () => {
    const attempt = () =>
      loadEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SESSION_SECRET: 'short',
        SMTP_URL: 'http://mail',
        LOG_LEVEL: 'loud',
        MIXPANEL_TOKEN: 'has spaces',
        MIXPANEL_API_HOST: 'http://api-js.mixpanel.com',
        GA_MEASUREMENT_ID: 'UA-12345-1',
      });
    expect(attempt).toThrow(EnvError);
    try {
      attempt();
    } catch (error) {
      const names = (error as EnvError).problems.map((problem) => problem.split(':')[0]);
      expect(names.sort()).toEqual([
        'DATABASE_URL',
        'GA_MEASUREMENT_ID',
        'LOG_LEVEL',
        'MIXPANEL_API_HOST',
        'MIXPANEL_TOKEN',
        'PORT',
        'SESSION_SECRET',
        'SMTP_URL',
      ]);
    }
  });

  it.each([
    ['DATABASE_URL', { DATABASE_URL: 'postgres://localhost/portal' }],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
  ])('requires both shared secrets with %s, saying why', (_name, given) => {
    expect(() => loadEnv(given)).toThrow(
      /SESSION_SECRET: is required with DATABASE_URL or NODE_ENV=production, the same on every instance/,
    );
    expect(() => loadEnv({ ...given, SESSION_SECRET: 'x'.repeat(32) })).toThrow(
      /CLIENT_SECRET_HASH_KEY: is required/,
    );
    const secrets = { SESSION_SECRET: 'x'.repeat(32), CLIENT_SECRET_HASH_KEY: 'y'.repeat(32) };
    expect(loadEnv({ ...given, ...secrets }).SESSION_SECRET).toBe('x'.repeat(32));
    // The embedded default still generates its own, in DATA_DIR.
    expect(loadEnv({}).SESSION_SECRET).toBeUndefined();
  });

  it("reads the trial plan's limits, the domain's defaults unless given, refusing what is not a whole number from 1", () => {
    expect(loadEnv({})).toMatchObject({
      TRIAL_DAILY_QUOTA: DEFAULT_TRIAL_LIMITS.dailyQuota,
      TRIAL_RATE_PER_SECOND: DEFAULT_TRIAL_LIMITS.ratePerSecond,
    });
    expect(loadEnv({ TRIAL_DAILY_QUOTA: '500', TRIAL_RATE_PER_SECOND: '2' })).toMatchObject({
      TRIAL_DAILY_QUOTA: 500,
      TRIAL_RATE_PER_SECOND: 2,
    });
    for (const bad of ['0', '-5', '1.5', 'lots', '1000000000001']) {
      expect(() => loadEnv({ TRIAL_DAILY_QUOTA: bad }), bad).toThrow(/TRIAL_DAILY_QUOTA: /);
    }
    for (const bad of ['0', '2.5', 'unlimited', '1000001']) {
      expect(() => loadEnv({ TRIAL_RATE_PER_SECOND: bad }), bad).toThrow(/TRIAL_RATE_PER_SECOND: /);
    }
  });

  it('refuses DEV_MAILBOX=true in production, saying why', () => {
    const secrets = { SESSION_SECRET: 'x'.repeat(32), CLIENT_SECRET_HASH_KEY: 'y'.repeat(32) };
    expect(() => loadEnv({ NODE_ENV: 'production', DEV_MAILBOX: 'true', ...secrets })).toThrow(
      /DEV_MAILBOX: must not be true in production: the development mailbox shows every live reset link/,
    );
    expect(loadEnv({ NODE_ENV: 'production', ...secrets }).DEV_MAILBOX).toBe(false);
    expect(loadEnv({ NODE_ENV: 'development', DEV_MAILBOX: 'true' }).DEV_MAILBOX).toBe(true);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['192.168.1.5', false],
    ['::', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
