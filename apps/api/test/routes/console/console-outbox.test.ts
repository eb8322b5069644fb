// The console's email outbox (design §11): emails still being tried or given up on, shown by envelope
// and error only (never a body or link: they hold one-time tokens), and a failed one sent again (a failing
// one tried at once) through the service `mail-outbox retry` calls, audited as `email.retried` with the
// member as actor.
// Two apps share the file's database and clock: one delivers by SMTP through a proxy the test can cut,
// the other keeps its email in the development mailbox, where the staff members' setup links are read.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONSOLE_TOOL_MESSAGES } from '@datafeeds/domain';
import { consoleTools } from '@datafeeds/domain/calls';
import { outboxEmails } from '../../../src/db/schema.ts';
import { GIVE_UP_SECONDS } from '../../../src/plugins/app/mail/delivery-policy.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { registerUser } from '../../helpers/factories.ts';
import { appDeliveringBySmtp, eventually } from '../../plugins/app/mail/outbox-helpers.ts';
import { lastAuditSeq, staffActionRow, teamAuditSince } from './console-audit.ts';
import { answerOf, consoleCall, expectRefusal } from './console-calls.ts';
import { signedInStaff } from './staff-sessions.ts';

const { smtp, network, clock, app } = await appDeliveringBySmtp(new Date('2026-07-01T09:00:00Z'));
const staffApp = await buildTestApp({ clock });
// Signed in again after the clock jumps past the give-up time (a staff session lasts 8 hours).
let support = await signedInStaff(staffApp, clock, 'support');

const outbox = async (search = '') =>
  answerOf(
    consoleTools.listOutbox,
    await consoleCall(app, consoleTools.listOutbox, support.token, { search }),
  ).emails;
const retry = (id: string) => consoleCall(app, consoleTools.retryEmail, support.token, { payload: { id } });

describe('console outbox', () => {
  it('lists pending then failed email without body or link, and sends a failed one again, audited', async () => {
    network.cut();
    const { registration } = await registerUser(app);
    const to = registration.email;
    await eventually(async () =>
      expect((await outbox('?status=pending')).find((email) => email.to === to)?.lastError).toEqual(
        expect.any(String),
      ),
    );
    const [stored] = await app.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
    if (!stored) throw new Error('no outbox row');
    expect(stored.links.length).toBeGreaterThan(0);

    const pending = await consoleCall(app, consoleTools.listOutbox, support.token, {
      search: '?status=pending',
    });
    expect(answerOf(consoleTools.listOutbox, pending).emails).toEqual([
      expect.objectContaining({
        id: stored.id,
        to,
        subject: 'Verify your DataFeeds email address',
        status: 'pending',
        attempts: 1,
        failedAt: null,
      }),
    ]);
    expect(await outbox()).toEqual([]);

    // Failing, not yet failed: a retry tries it at once rather than after its backoff (the clock stands).
    const sinceFailing = await lastAuditSeq(app);
    const retriedPending = answerOf(consoleTools.retryEmail, await retry(stored.id));
    expect(retriedPending.message).toBe(CONSOLE_TOOL_MESSAGES.emailRetried(to));
    await eventually(async () =>
      expect((await outbox('?status=pending')).find((email) => email.id === stored.id)?.attempts).toBe(2),
    );
    expect(await teamAuditSince(app, sinceFailing)).toEqual([
      staffActionRow(support, 'email.retried', { emailId: stored.id, to }),
    ]);

    clock.advance(GIVE_UP_SECONDS);
    support = await signedInStaff(staffApp, clock, 'support');
    await eventually(async () => expect((await outbox()).map((email) => email.id)).toEqual([stored.id]));
    const failed = await consoleCall(app, consoleTools.listOutbox, support.token, {
      search: '?status=failed',
    });
    expect(answerOf(consoleTools.listOutbox, failed).emails[0]).toMatchObject({
      status: 'failed',
      failedAt: expect.any(String),
      nextAttemptAt: null,
    });
    for (const answer of [pending.body, failed.body]) {
      for (const link of stored.links) expect(answer).not.toContain(link);
      expect(answer).not.toMatch(/https?:|token=/i);
      expect(answer).not.toContain(stored.text.slice(0, 40));
    }
    expect(await outbox('?status=pending')).toEqual([]);

    network.restore();
    const since = await lastAuditSeq(app);
    const retried = answerOf(consoleTools.retryEmail, await retry(stored.id));
    expect(retried.message).toBe(CONSOLE_TOOL_MESSAGES.emailRetried(to));
    await eventually(() => expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1));
    await eventually(async () => expect(await outbox()).toEqual([]));
    // Received by the server is not yet recorded as sent: until it is, it is a pending email with an
    // error, which a retry still accepts.
    await eventually(async () => expect(await outbox('?status=pending')).toEqual([]));
    const audited = await teamAuditSince(app, since);
    expect(audited).toEqual([staffActionRow(support, 'email.retried', { emailId: stored.id, to })]);

    expectRefusal(await retry(stored.id), 404, CONSOLE_TOOL_MESSAGES.emailNotFound);
    expectRefusal(
      await retry('00000000-0000-4000-8000-000000000000'),
      404,
      CONSOLE_TOOL_MESSAGES.emailNotFound,
    );
    expectRefusal(await retry('not-a-uuid'), 400);
    expectRefusal(
      await consoleCall(app, consoleTools.listOutbox, support.token, { search: '?status=sent' }),
      400,
    );
  });

  it('does not retry a pending email whose attempt has not failed', async () => {
    const [waiting] = await app.db
      .insert(outboxEmails)
      .values({
        to: 'not-yet@example.com',
        subject: 'Hello',
        text: 'body',
        html: '<p>body</p>',
        links: [],
        createdAt: clock.now(),
        status: 'pending',
        nextAttemptAt: new Date(clock.now().getTime() + 3_600_000),
      })
      .returning();
    if (!waiting) throw new Error('no outbox row');
    expectRefusal(await retry(waiting.id), 404, CONSOLE_TOOL_MESSAGES.emailNotFound);
    await app.db.delete(outboxEmails).where(eq(outboxEmails.id, waiting.id));
  });

  it("refuses a customer's token (401), to reading and retrying alike", async () => {
    const customer = await registerUser(staffApp);
    expectRefusal(await consoleCall(app, consoleTools.listOutbox, customer.token), 401);
    expectRefusal(
      await consoleCall(app, consoleTools.retryEmail, customer.token, {
        payload: { id: '00000000-0000-4000-8000-000000000000' },
      }),
      401,
    );
  });
});
