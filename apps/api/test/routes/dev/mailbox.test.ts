import { describe, expect, it } from 'vitest';
import { dev, system } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { callTo, mailbox, registerUser } from '../../helpers/factories.ts';
import { API_DOCS_PATH } from '../../../src/plugins/external/openapi.ts';

describe('development mailbox', () => {
  it('lists outbox messages newest first, as JSON and as a page, on a loopback HOST', async () => {
    const app = await buildTestApp({ env: { HOST: '127.0.0.1' } });
    const first = await registerUser(app);
    const second = await registerUser(app);
    const messages = await mailbox(app);
    expect(messages[0]?.to).toBe(second.registration.email);
    expect(messages[1]?.to).toBe(first.registration.email);
    expect(messages[0]).toEqual({
      id: expect.any(String),
      to: second.registration.email,
      subject: 'Verify your DataFeeds email address',
      text: expect.stringContaining('verify-email?token='),
      html: expect.stringContaining('<a href='),
      links: [expect.stringMatching(/^http:\/\/portal\.test\/verify-email\?token=[\w-]+$/)],
      createdAt: expect.any(String),
    });

    const page = await app.inject(callTo(dev.devMailboxPage));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body.indexOf(second.registration.email)).toBeLessThan(
      page.body.indexOf(first.registration.email),
    );
  });

  it.each([
    ['0.0.0.0', undefined, 404],
    ['0.0.0.0', 'true', 200],
    ['localhost', undefined, 200],
    ['::1', undefined, 200],
  ])('HOST %s with DEV_MAILBOX=%s answers %i', async (host, devMailbox, status) => {
    const app = await buildTestApp({
      env: { HOST: host, ...(devMailbox ? { DEV_MAILBOX: devMailbox } : {}) },
    });
    for (const call of [dev.devMailboxPage, dev.devMailbox]) {
      expect((await app.inject(callTo(call))).statusCode).toBe(status);
    }
  });

  // A reverse proxy on the same host makes every visitor look like loopback.
  it.each(['127.0.0.1', 'localhost', '::1'])('is never served in production, even on %s', async (host) => {
    const app = await buildTestApp({ env: { HOST: host, NODE_ENV: 'production' } });
    for (const call of [dev.devMailboxPage, dev.devMailbox]) {
      expect((await app.inject(callTo(call))).statusCode).toBe(404);
    }
  });

  it('is left out of the API description when it is not served', async () => {
    const app = await buildTestApp({ env: { HOST: '127.0.0.1', NODE_ENV: 'production' } });
    const document = (await app.inject(callTo(system.openapiDocument))).json();
    expect(Object.keys(document.paths)).not.toContain('/dev/mailbox.json');
    expect(Object.keys(document.paths)).toContain('/api/GetUser');
  });

  it('is in the API description where it is served', async () => {
    const app = await buildTestApp({ env: { HOST: '127.0.0.1' } });
    const document = (await app.inject(callTo(system.openapiDocument))).json();
    expect(Object.keys(document.paths)).toContain('/dev/mailbox.json');
  });
});

describe('the API description and its page', () => {
  // Decided: served in production too. It describes only the public API (customers generate clients
  // from it), holds no data and no secrets, and development-only routes are absent from it there.
  it.each(['development', 'production'])('are served with NODE_ENV=%s', async (nodeEnv) => {
    const app = await buildTestApp({ env: { NODE_ENV: nodeEnv } });
    expect((await app.inject(callTo(system.openapiDocument))).statusCode).toBe(200);
    const page = await app.inject({ method: 'GET', url: `${API_DOCS_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
