import { describe, expect, it } from 'vitest';
import { system, users, verification } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { bearer, callTo } from '../../helpers/factories.ts';
import { createClient, rotateClient, verifiedUser } from '../../helpers/tokens.ts';
import { API_DOCS_PATH } from '../../../src/plugins/external/openapi.ts';

const app = await buildTestApp();

describe('security headers', () => {
  it('sends a CSP the React app works under, and the usual hardening headers', async () => {
    const response = await app.inject(callTo(system.health));
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "font-src 'self' data:",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows no analytics host while no analytics tool is switched on', async () => {
    const response = await app.inject(callTo(system.health));
    expect(String(response.headers['content-security-policy'])).not.toMatch(/mixpanel|google/);
  });

  it('allows exactly the hosts of the analytics tools switched on', async () => {
    const withMixpanel = await buildTestApp({
      env: { MIXPANEL_TOKEN: 'mixpanel0token0123', MIXPANEL_API_HOST: 'https://api-eu.mixpanel.com/' },
    });
    const mixpanelOnly = String(
      (await withMixpanel.inject(callTo(system.health))).headers['content-security-policy'],
    );
    expect(mixpanelOnly).toContain("connect-src 'self' https://api-eu.mixpanel.com;");
    expect(mixpanelOnly).not.toContain('google');

    const withGoogle = await buildTestApp({ env: { GA_MEASUREMENT_ID: 'G-TEST12345' } });
    const googleOnly = String(
      (await withGoogle.inject(callTo(system.health))).headers['content-security-policy'],
    );
    expect(googleOnly).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(googleOnly).toContain(
      "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com;",
    );
    expect(googleOnly).toContain(
      "img-src 'self' data: https://*.google-analytics.com https://*.googletagmanager.com;",
    );
    expect(googleOnly).not.toContain('mixpanel');
  });

  it('adds HSTS when the portal is served over https', async () => {
    const secure = await buildTestApp({ env: { APP_URL: 'https://portal.example' } });
    const response = await secure.inject(callTo(system.health));
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('relaxes the CSP on the API docs page only', async () => {
    const docs = await app.inject({ method: 'GET', url: `${API_DOCS_PATH}/` });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
    expect(String(docs.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(String(docs.headers['content-security-policy'])).not.toBe(
      String((await app.inject(callTo(system.health))).headers['content-security-policy']),
    );
  });
});

describe('Cache-Control', () => {
  it('is no-store on every JSON answer: secrets, personal data, errors and the data feed’s', async () => {
    const user = await verifiedUser(app);
    const created = await createClient(app, user.token);
    expect(created.statusCode).toBe(201);
    const answers = [
      created,
      await rotateClient(app, user.token, created.json<{ clientId: string }>().clientId),
      await app.inject({ ...callTo(users.getUser), headers: bearer(user.token) }),
      await app.inject(callTo(users.getUser)),
      await app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await app.inject({ ...callTo(verification.verifyCredential), payload: { secret: 'x' } }),
    ];
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['cache-control'], answer.body).toBe('no-store');
    }
  });
});
