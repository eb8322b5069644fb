import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@datafeeds/domain';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { bearer } from '../../helpers/factories.ts';
import { createClient, rotateClient, verifiedUser } from '../../helpers/tokens.ts';

const app = await buildTestApp();

describe('security headers', () => {
  it('sends a CSP the React app works under, and the usual hardening headers', async () => {
    const response = await app.inject({ method: 'GET', url: API_PATHS.health });
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
    const response = await app.inject({ method: 'GET', url: API_PATHS.health });
    expect(String(response.headers['content-security-policy'])).not.toMatch(/mixpanel|google/);
  });

  it('allows exactly the hosts of the analytics tools switched on', async () => {
    const withMixpanel = await buildTestApp({
      env: { MIXPANEL_TOKEN: 'mixpanel0token0123', MIXPANEL_API_HOST: 'https://api-eu.mixpanel.com/' },
    });
    const mixpanelOnly = String(
      (await withMixpanel.inject({ method: 'GET', url: API_PATHS.health })).headers[
        'content-security-policy'
      ],
    );
    expect(mixpanelOnly).toContain("connect-src 'self' https://api-eu.mixpanel.com;");
    expect(mixpanelOnly).not.toContain('google');

    const withGoogle = await buildTestApp({ env: { GA_MEASUREMENT_ID: 'G-TEST12345' } });
    const googleOnly = String(
      (await withGoogle.inject({ method: 'GET', url: API_PATHS.health })).headers['content-security-policy'],
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
    const response = await secure.inject({ method: 'GET', url: API_PATHS.health });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('relaxes the CSP on the API docs page only', async () => {
    const docs = await app.inject({ method: 'GET', url: `${API_PATHS.docs}/` });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
    expect(String(docs.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(String(docs.headers['content-security-policy'])).not.toBe(
      String((await app.inject({ method: 'GET', url: API_PATHS.health })).headers['content-security-policy']),
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
      await app.inject({ method: 'GET', url: API_PATHS.getUser, headers: bearer(user.token) }),
      await app.inject({ method: 'GET', url: API_PATHS.getUser }),
      await app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await app.inject({ method: 'POST', url: '/api/v1/credentials/verify', payload: { secret: 'x' } }),
    ];
    for (const answer of answers) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['cache-control'], answer.body).toBe('no-store');
    }
  });
});
