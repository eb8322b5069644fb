import { afterAll, describe, expect, it } from 'vitest';
import { auth } from '@datafeeds/domain/calls';
import { TEST_APP_URL, buildTestApp } from '../../../helpers/build-test-app.ts';
import { callTo, getUser, mailbox, registerUser } from '../../../helpers/factories.ts';
import { decodeQuotedPrintable, startSmtpServer } from '../../../helpers/smtp.ts';
import { eventually } from './outbox-helpers.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

describe('email through SMTP (SMTP_URL set)', () => {
  it('delivers the verification and reset emails to a real SMTP server, not the outbox', async () => {
    const app = await buildTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'DataFeeds <portal@datafeeds.example>' },
    });
    const before = (await mailbox(app)).length;
    const { registration, token } = await registerUser(app);
    await app.inject({ ...callTo(auth.forgotPassword), payload: { email: registration.email } });

    const mine = await eventually(() => {
      const received = smtp.received.filter((mail) => mail.to.includes(registration.email));
      expect(received).toHaveLength(2);
      return received;
    });
    const [verification, reset] = mine.map((mail) => ({ ...mail, text: decodeQuotedPrintable(mail.raw) }));
    expect(verification?.from).toBe('portal@datafeeds.example');
    expect(verification?.text).toMatch(/Subject: Verify your DataFeeds email address/);
    expect(verification?.text).toContain(`${TEST_APP_URL}/verify-email?token=`);
    expect(verification?.text).toMatch(/Content-Type: text\/html/);
    expect(reset?.text).toMatch(/Subject: Reset your DataFeeds password/);
    const resetToken = /reset-password\?resetToken=([A-Za-z0-9_-]+)/.exec(reset?.text ?? '')?.[1] ?? '';
    expect(resetToken).not.toBe('');
    expect((await mailbox(app)).length).toBe(before);

    const response = await app.inject({
      ...callTo(auth.resetPassword),
      payload: { resetToken, password: 'via-smtp-reset' },
    });
    expect(response.statusCode).toBe(200);
    expect((await getUser(app, token)).statusCode).toBe(401);
  });

  it('still registers the user when the SMTP server is unreachable (the email can be resent)', async () => {
    const app = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    const { token } = await registerUser(app);
    expect((await getUser(app, token)).statusCode).toBe(200);
  });
});
