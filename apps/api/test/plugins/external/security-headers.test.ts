import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@datafeeds/domain';
import { buildTestApp } from '../../helpers/build-test-app.ts';

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
