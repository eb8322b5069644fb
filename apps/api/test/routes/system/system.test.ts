import { describe, expect, it } from 'vitest';
import { ERROR_CODES, appConfigSchema } from '@datafeeds/domain';
import { account, auth, system, tokens, users } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testDatabaseKind } from '../../helpers/test-database.ts';
import { API_DOCS_PATH } from '../../../src/plugins/external/openapi.ts';
import { callTo } from '../../helpers/factories.ts';

const app = await buildTestApp({
  env: {
    ROADMAP_URL: 'https://roadmap.test/',
    DOCUMENTATION_URL: 'https://docs.test/',
    SUPPORT_URL: 'https://help.test/',
  },
});

describe('system calls', () => {
  it('GET /api/health reports the database in use', async () => {
    const response = await app.inject(callTo(system.health));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: testDatabaseKind,
      checks: { database: 'up', redis: 'off', revocations: { transport: 'memory', state: 'up' } },
    });
  });

  it('GET /api/config serves the sidebar links of this deployment', async () => {
    const response = await app.inject(callTo(system.config));
    expect(appConfigSchema.parse(response.json())).toEqual({
      links: {
        roadmap: 'https://roadmap.test/',
        documentation: 'https://docs.test/',
        support: 'https://help.test/',
      },
      analytics: {},
    });
  });

  it('GET /api/config names the analytics tools switched on by their keys', async () => {
    const withAnalytics = await buildTestApp({
      env: { MIXPANEL_TOKEN: 'mixpanel0token0123', GA_MEASUREMENT_ID: 'G-TEST12345' },
    });
    const response = await withAnalytics.inject(callTo(system.config));
    expect(appConfigSchema.parse(response.json()).analytics).toEqual({
      mixpanel: { token: 'mixpanel0token0123', apiHost: 'https://api-js.mixpanel.com' },
      googleAnalytics: { measurementId: 'G-TEST12345' },
    });
  });

  it('GET /api/config adds the legal links when they are configured', async () => {
    const withLegal = await buildTestApp({
      env: {
        TERMS_OF_SERVICE_URL: 'https://legal.test/terms',
        PRIVACY_POLICY_URL: 'https://legal.test/privacy',
      },
    });
    const response = await withLegal.inject(callTo(system.config));
    expect(appConfigSchema.parse(response.json()).links).toMatchObject({
      termsOfService: 'https://legal.test/terms',
      privacyPolicy: 'https://legal.test/privacy',
    });
  });

  it('GET /api/openapi.json lists every call with its method', async () => {
    const response = await app.inject(callTo(system.openapiDocument));
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.1.0');
    const expected: [string, string][] = [
      [auth.register.path, 'post'],
      [auth.login.path, 'post'],
      [auth.logout.path, 'post'],
      [auth.refresh.path, 'post'],
      [users.getUser.path, 'get'],
      [users.createUser.path, 'post'],
      [users.updateUser.path, 'put'],
      [users.checkUsernameRegistered.path, 'get'],
      [users.checkEmailRegistered.path, 'get'],
      [auth.forgotPassword.path, 'post'],
      [auth.resetPassword.path, 'post'],
      [auth.verifyEmail.path, 'post'],
      [auth.resendVerification.path, 'post'],
      [system.health.path, 'get'],
      [system.config.path, 'get'],
      [tokens.getClients.path, 'get'],
      [tokens.createClient.path, 'post'],
      [tokens.deleteClient.path, 'delete'],
      [tokens.rotateClient.path, 'post'],
      [account.upgradeAccount.path, 'post'],
    ];
    for (const [path, method] of expected)
      expect(document.paths[path], `${method} ${path}`).toHaveProperty(method);
    expect(Object.keys(document.paths).filter((path) => path.startsWith(API_DOCS_PATH))).toEqual([]);
  });

  it('serves the docs page under its own CSP: inline styles for Swagger UI, still no inline scripts', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${API_DOCS_PATH}/`,
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger-ui');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(csp).toMatch(/script-src 'self'\s*;/);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it.each([
    ['GET', '/api/DoesNotExist'],
    ['POST', '/api/GetUser'],
    ['GET', '/refresh'],
  ] as const)('%s %s answers a JSON 404', async (method, url) => {
    const response = await app.inject({ method, url, headers: { accept: 'text/html,application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: ERROR_CODES.notFound, message: `No route ${method} ${url}.` });
  });
});
