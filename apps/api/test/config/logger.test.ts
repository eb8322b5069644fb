import net from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { auth, users } from '@datafeeds/domain/calls';
import { redactUrl } from '../../src/config/logger.ts';
import { TEST_APP_URL, TEST_SECRETS, buildTestApp } from '../helpers/build-test-app.ts';
import { bearer, callTo, mailbox, refreshCookieOf, registerUser } from '../helpers/factories.ts';
import { decodeQuotedPrintable, startSmtpServer } from '../helpers/smtp.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { stream, text: () => lines.join('') };
}

describe('logs', () => {
  it('never contain passwords, tokens, cookies or secrets during register, login, refresh and reset', async () => {
    const logs = captureLogs();
    const app = await buildTestApp({
      env: { SMTP_URL: smtp.url, LOG_LEVEL: 'trace' },
      logStream: logs.stream,
    });
    const { registration, token, refreshCookie } = await registerUser(app);
    const loggedIn = await app.inject({
      ...callTo(auth.login),
      payload: { email: registration.email, password: registration.password },
    });
    const loginToken = loggedIn.json().token as string;
    await app.inject({ ...callTo(users.getUser), headers: bearer(loginToken) });
    const refreshed = await app.inject({
      ...callTo(auth.refresh),
      cookies: { df_refresh: refreshCookieOf(loggedIn) },
    });
    await app.inject({
      ...callTo(auth.login),
      payload: { email: registration.email, password: 'a-wrong-password' },
    });

    await app.inject({ ...callTo(auth.forgotPassword), payload: { email: registration.email } });
    const mails = await vi.waitFor(() => {
      const received = smtp.received.filter((mail) => mail.to.includes(registration.email));
      expect(received).toHaveLength(2);
      return received.map((mail) => decodeQuotedPrintable(mail.raw));
    });
    const verificationToken = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails[0] ?? '')?.[1] ?? '';
    const resetToken = /resetToken=([A-Za-z0-9_-]+)/.exec(mails[1] ?? '')?.[1] ?? '';
    expect(resetToken).not.toBe('');
    // The reset page itself is a GET whose URL carries the token.
    await app.inject({
      method: 'GET',
      url: `/reset-password?resetToken=${resetToken}`,
      headers: { accept: 'text/html' },
    });
    await app.inject({
      ...callTo(auth.resetPassword),
      payload: { resetToken, password: 'the-new-password-9' },
    });
    await app.inject({ ...callTo(auth.verifyEmail), payload: { token: verificationToken } });

    const text = logs.text();
    expect(text).toContain('"url":"/api/login"');
    const secrets = {
      password: registration.password,
      wrongPassword: 'a-wrong-password',
      newPassword: 'the-new-password-9',
      accessToken: token,
      loginToken,
      refreshedToken: refreshed.json().token as string,
      refreshCookie,
      rotatedCookie: refreshCookieOf(refreshed),
      resetToken,
      verificationToken,
      sessionSecret: TEST_SECRETS.sessionSecret,
      clientSecretHashKey: TEST_SECRETS.clientSecretHashKey,
    };
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(5);
      expect(text.includes(value), `${name} leaked into the logs`).toBe(false);
    }
  });

  it('in outbox mode point the developer to the mailbox, never to the one-time link itself', async () => {
    const logs = captureLogs();
    const app = await buildTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: logs.stream });
    const { registration, token, refreshCookie } = await registerUser(app);
    const [verification] = await mailbox(app);
    const verificationLink = verification?.links.find((link) => link.includes('/verify-email?token=')) ?? '';
    const verificationToken = new URL(verificationLink).searchParams.get('token') ?? '';
    expect(verificationToken).not.toBe('');

    const text = logs.text();
    expect(text).toContain('email kept in the outbox');
    expect(text).toContain(`"readAt":"${TEST_APP_URL}/dev/mailbox"`);
    for (const value of [registration.password, token, refreshCookie, verificationToken])
      expect(text.includes(value)).toBe(false);
  });

  it.each([
    ['/reset-password?resetToken=abc123', '/reset-password?resetToken=%5BREDACTED%5D'],
    ['/verify-email?token=abc&x=1', '/verify-email?token=%5BREDACTED%5D&x=1'],
    ['/api/GetClients?clientIds=abc', '/api/GetClients?clientIds=abc'],
    ['/dashboard', '/dashboard'],
  ])('masks token-like query values in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('logs at trace level', () => {
  it('never hold the raw bytes of a refused request (its cookie and bearer token)', async () => {
    const logs = captureLogs();
    const app = await buildTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: logs.stream });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const bearerToken = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LWJlYXJlci10b2tlbg.signature-part';
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        // A request line the HTTP parser refuses, after headers that carry credentials.
        socket.write(
          `GET /api/GetUser HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${bearerToken}\r\n` +
            'Cookie: refresh=secret-refresh-cookie\r\nContent-Length: nope\r\n\r\n',
        );
      });
      socket.on('data', () => socket.end());
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    await vi.waitFor(() => expect(logs.text()).toContain('client error'));
    // pino writes a Buffer as its bytes: the packet must not be there in any form.
    expect(logs.text()).not.toContain('rawPacket');
    expect(logs.text()).not.toContain(bearerToken);
    expect(logs.text()).not.toContain('secret-refresh-cookie');
  });

  it('never hold the parameters of a failed query', async () => {
    const logs = captureLogs();
    const app = await buildTestApp({
      env: { LOG_LEVEL: 'trace' },
      logStream: logs.stream,
      extend: (instance) =>
        instance.get('/test/failing-query', async () =>
          instance.db.execute(sql`select ${'param-that-is-a-secret-hash'}::int`),
        ),
    });
    const response = await app.inject({ method: 'GET', url: '/test/failing-query' });
    expect(response.statusCode).toBe(500);
    expect(logs.text()).toContain('request failed');
    expect(logs.text()).not.toContain('param-that-is-a-secret-hash');
  });
});
