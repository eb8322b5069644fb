// Without SMTP_URL the outbox row is the delivery, read in the development mailbox; it is deleted once
// its links have expired instead of keeping them in clear text forever.
import { describe, expect, it } from 'vitest';
import { GIVE_UP_SECONDS } from '../../../../src/plugins/app/mail/delivery-policy.ts';
import { buildTestApp } from '../../../helpers/build-test-app.ts';
import { testClock } from '../../../helpers/clock.ts';
import { mailbox, registerUser } from '../../../helpers/factories.ts';
import { POLL_MS, eventually, outboxRowsTo, severalPolls } from './outbox-helpers.ts';

describe('the development mailbox (no SMTP_URL)', () => {
  it('deletes a message once its links have expired, and keeps the younger ones', async () => {
    const clock = testClock(new Date('2026-06-01T12:00:00Z'));
    const app = await buildTestApp({ clock, mailDeliveryMs: POLL_MS });
    expect(app.mailer.mode).toBe('outbox');
    const older = await registerUser(app);
    clock.advance(GIVE_UP_SECONDS - 60);
    const younger = await registerUser(app);
    await severalPolls();
    const recipients = async () => (await mailbox(app)).map((message) => message.to);
    expect(await recipients()).toEqual(
      expect.arrayContaining([older.registration.email, younger.registration.email]),
    );

    clock.advance(60);
    await eventually(async () => expect(await recipients()).not.toContain(older.registration.email));
    expect(await outboxRowsTo(app, older.registration.email)).toEqual([]);
    expect(await recipients()).toContain(younger.registration.email);
    expect(await app.mailer.undelivered()).toEqual([]);
    await app.close();
  });
});
