// Email through the durable outbox with SMTP_URL set: written first, delivered by the worker, retried
// with backoff while the SMTP server is unreachable, given up on after the longest link lifetime, and
// stripped of its body and links once delivered.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { INVITATION_TTL_DAYS } from '@datafeeds/domain';
import { auth } from '@datafeeds/domain/calls';
import { outboxEmails } from '../../../../src/db/schema.ts';
import { addSeconds } from '../../../../src/lib/clock.ts';
import {
  FIRST_RETRY_SECONDS,
  GIVE_UP_SECONDS,
  LEASE_SECONDS,
} from '../../../../src/plugins/app/mail/delivery-policy.ts';
import { TEST_APP_URL, buildTestApp } from '../../../helpers/build-test-app.ts';
import { testClock } from '../../../helpers/clock.ts';
import { callTo, mailbox, registerUser } from '../../../helpers/factories.ts';
import { decodeQuotedPrintable, smtpBehindNetwork } from '../../../helpers/smtp.ts';
import { POLL_MS, eventually, onlyOutboxRowTo, outboxRowsTo, severalPolls } from './outbox-helpers.ts';

// The network between the portal and the SMTP server, which a test cuts and restores.
const { smtp, network, smtpUrl } = await smtpBehindNetwork();

const receivedBy = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

type TestClock = ReturnType<typeof testClock>;

/** Each test closes its app, so no worker of an earlier test claims the next test's rows. */
async function withSmtpApp(test: (app: FastifyInstance, clock: TestClock) => Promise<void>) {
  const clock = testClock(new Date('2026-05-01T08:00:00Z'));
  const app = await buildTestApp({
    clock,
    mailDeliveryMs: POLL_MS,
    env: { SMTP_URL: smtpUrl },
  });
  try {
    await test(app, clock);
  } finally {
    network.restore();
    await app.close();
  }
}

describe('the email outbox with SMTP_URL set', () => {
  it('delivers a verification email written while the SMTP server was down, once, with no new request', async () => {
    network.cut();
    await withSmtpApp(async (app, clock) => {
      const { registration } = await registerUser(app);
      const email = registration.email;
      const failed = await eventually(async () => {
        const row = await onlyOutboxRowTo(app, email);
        expect(row).toMatchObject({ status: 'pending', attempts: 1, leasedUntil: null });
        return row;
      });
      expect(failed.lastError).toEqual(expect.any(String));
      expect(failed.lastError).not.toContain('verify-email');
      expect(failed.nextAttemptAt).toEqual(addSeconds(clock.now(), FIRST_RETRY_SECONDS));

      network.restore();
      await severalPolls();
      expect(receivedBy(email)).toHaveLength(0); // not before its backoff

      clock.advance(FIRST_RETRY_SECONDS);
      await eventually(() => expect(receivedBy(email)).toHaveLength(1));
      const text = decodeQuotedPrintable(receivedBy(email)[0]?.raw ?? '');
      const token = /verify-email\?token=([\w-]+)/.exec(text)?.[1] ?? '';
      expect(text).toContain(`${TEST_APP_URL}/verify-email?token=`);
      const verified = await app.inject({ ...callTo(auth.verifyEmail), payload: { token } });
      expect(verified.statusCode).toBe(200);
      await eventually(async () => expect((await onlyOutboxRowTo(app, email)).status).toBe('sent'));

      clock.advance(LEASE_SECONDS + GIVE_UP_SECONDS);
      await severalPolls();
      expect(receivedBy(email)).toHaveLength(1);
    });
  });

  it('clears the body and links of a delivered message, keeping its envelope and times', async () => {
    await withSmtpApp(async (app) => {
      const before = (await mailbox(app)).length;
      const { registration } = await registerUser(app);
      await eventually(() => expect(receivedBy(registration.email)).toHaveLength(1));
      const row = await eventually(async () => {
        const sent = await onlyOutboxRowTo(app, registration.email);
        expect(sent.status).toBe('sent');
        return sent;
      });
      expect(row).toMatchObject({
        subject: 'Verify your DataFeeds email address',
        text: '',
        html: '',
        links: [],
        attempts: 1,
        leasedUntil: null,
        nextAttemptAt: null,
      });
      expect(row.sentAt).toBeInstanceOf(Date);
      // Mail sent through SMTP is never in the development mailbox.
      expect((await mailbox(app)).length).toBe(before);
    });
  });

  it('backs off 10 s, 20 s, 40 s…, never past the give-up time, then marks the message failed', async () => {
    expect(GIVE_UP_SECONDS).toBe(INVITATION_TTL_DAYS * 86_400);
    network.cut();
    await withSmtpApp(async (app, clock) => {
      const { registration } = await registerUser(app);
      const email = registration.email;
      const afterAttempt = (attempts: number) =>
        eventually(async () => {
          const row = await onlyOutboxRowTo(app, email);
          expect(row.attempts).toBe(attempts);
          expect(row.leasedUntil).toBeNull();
          return row;
        });

      const first = await afterAttempt(1);
      expect(first.giveUpAt).toEqual(addSeconds(first.createdAt, GIVE_UP_SECONDS));
      clock.advance(FIRST_RETRY_SECONDS - 1);
      await severalPolls();
      expect((await onlyOutboxRowTo(app, email)).attempts).toBe(1);

      let expectedWait = FIRST_RETRY_SECONDS;
      for (const attempts of [2, 3, 4]) {
        clock.advance(1);
        const row = await afterAttempt(attempts);
        expectedWait *= 2;
        expect(row.nextAttemptAt).toEqual(addSeconds(clock.now(), expectedWait));
        clock.advance(expectedWait - 1);
      }

      // Just before the give-up time the next attempt is scheduled at it, not after.
      clock.set(addSeconds(first.giveUpAt ?? new Date(), -1));
      const last = await afterAttempt(5);
      expect(last.status).toBe('pending');
      expect(last.nextAttemptAt).toEqual(first.giveUpAt);

      clock.advance(1);
      const failed = await afterAttempt(6);
      expect(failed).toMatchObject({ status: 'failed', nextAttemptAt: null });
      expect(failed.failedAt).toEqual(clock.now());
      expect(failed.lastError).not.toMatch(/verify-email|token=/);
      expect(failed.text).toContain('verify-email'); // kept so the operator can retry it

      network.restore();
      clock.advance(3600);
      await severalPolls();
      expect((await onlyOutboxRowTo(app, email)).attempts).toBe(6);
      expect(receivedBy(email)).toHaveLength(0);
      expect(await app.mailer.undelivered()).toContainEqual(
        expect.objectContaining({ to: email, status: 'failed', attempts: 6 }),
      );
    });
  });

  it('retries a message whose claim was left by a crashed instance once the lease runs out', async () => {
    const to = `crashed-claim-${Date.now()}@example.com`;
    await withSmtpApp(async (app, clock) => {
      const now = clock.now();
      // What a crashed instance leaves: claimed (attempt counted, leased), never settled.
      await app.db.insert(outboxEmails).values({
        to,
        subject: 'Claimed by a crashed instance',
        text: 'body',
        html: '<p>body</p>',
        links: [],
        createdAt: now,
        status: 'pending',
        attempts: 1,
        nextAttemptAt: now,
        leasedUntil: addSeconds(now, LEASE_SECONDS),
        lastAttemptAt: now,
        giveUpAt: addSeconds(now, GIVE_UP_SECONDS),
      });
      await severalPolls();
      expect(receivedBy(to)).toHaveLength(0);

      clock.advance(LEASE_SECONDS);
      await eventually(() => expect(receivedBy(to)).toHaveLength(1));
      await eventually(async () =>
        expect(await outboxRowsTo(app, to)).toEqual([
          expect.objectContaining({ status: 'sent', attempts: 2 }),
        ]),
      );
      await severalPolls();
      expect(receivedBy(to)).toHaveLength(1);
    });
  });
});
