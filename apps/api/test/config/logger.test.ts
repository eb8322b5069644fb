import { Writable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@datafeeds/domain';
import { redactUrl } from '../../src/config/logger.ts';
import { TEST_APP_URL, TEST_SECRETS, buildTestApp } from '../helpers/build-test-app.ts';
import { bearer, mailbox, refreshCookieOf, registerUser } from '../helpers/factories.ts';
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
      method: 'POST',
      url: API_PATHS.login,
      payload: { email: registration.email, password: registration.password },
    });
    const loginToken = loggedIn.json().token as string;
    await app.inject({ method: 'GET', url: API_PATHS.getUser, headers: bearer(loginToken) });
    const refreshed = await app.inject({
      method: 'POST',
      url: API_PATHS.refresh,
      cookies: { df_refresh: refreshCookieOf(loggedIn) },
    });
    await app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { email: registration.email, password: 'a-wrong-password' },
    });

    await app.inject({
      method: 'POST',
      url: API_PATHS.forgotPassword,
      payload: { email: registration.email },
    });
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
      method: 'POST',
      url: API_PATHS.resetPassword,
      payload: { resetToken, password: 'the-new-password-9' },
    });
    await app.inject({ method: 'POST', url: API_PATHS.verifyEmail, payload: { token: verificationToken } });

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
