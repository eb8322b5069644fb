import { describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODES, appConfigSchema } from '@datafeeds/domain';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testDatabaseKind } from '../../helpers/test-database.ts';

const app = await buildTestApp({
  env: {
    ROADMAP_URL: 'https://roadmap.test/',
    DOCUMENTATION_URL: 'https://docs.test/',
    SUPPORT_URL: 'https://help.test/',
  },
});

describe('system calls', () => {
  it('GET /api/health reports the database in use', async () => {
    const response = await app.inject({ method: 'GET', url: API_PATHS.health });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: testDatabaseKind,
      checks: { database: 'up', redis: 'off', revocations: { transport: 'memory', state: 'up' } },
    });
  });

  it('GET /api/config serves the sidebar links of this deployment', async () => {
    const response = await app.inject({ method: 'GET', url: API_PATHS.config });
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
    const response = await withAnalytics.inject({ method: 'GET', url: API_PATHS.config });
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
    const response = await withLegal.inject({ method: 'GET', url: API_PATHS.config });
    expect(appConfigSchema.parse(response.json()).links).toMatchObject({
      termsOfService: 'https://legal.test/terms',
      privacyPolicy: 'https://legal.test/privacy',
    });
  });

  it('GET /api/openapi.json lists every call with its method', async () => {
    const response = await app.inject({ method: 'GET', url: API_PATHS.openapi });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.1.0');
    const expected: [string, string][] = [
      [API_PATHS.register, 'post'],
      [API_PATHS.login, 'post'],
      [API_PATHS.logout, 'post'],
      [API_PATHS.refresh, 'post'],
      [API_PATHS.getUser, 'get'],
      [API_PATHS.createUser, 'post'],
      [API_PATHS.updateUser, 'put'],
      [API_PATHS.checkUsername, 'get'],
      [API_PATHS.checkEmail, 'get'],
      [API_PATHS.forgotPassword, 'post'],
      [API_PATHS.resetPassword, 'post'],
      [API_PATHS.verifyEmail, 'post'],
      [API_PATHS.resendVerification, 'post'],
      [API_PATHS.health, 'get'],
      [API_PATHS.config, 'get'],
      [API_PATHS.getClients, 'get'],
      [API_PATHS.createClient, 'post'],
      [API_PATHS.deleteClient, 'delete'],
      [API_PATHS.rotateClient, 'post'],
      [API_PATHS.upgradeAccount, 'post'],
    ];
    for (const [path, method] of expected)
      expect(document.paths[path], `${method} ${path}`).toHaveProperty(method);
    expect(Object.keys(document.paths).filter((path) => path.startsWith(API_PATHS.docs))).toEqual([]);
  });

  it('serves the docs page under its own CSP: inline styles for Swagger UI, still no inline scripts', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${API_PATHS.docs}/`,
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
