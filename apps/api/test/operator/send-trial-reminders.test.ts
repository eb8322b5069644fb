// `send-trial-reminders` (docs/operating.md): a chosen company's trial reminders now, through the
// schedule's own code — what is due, once; a stage again; a preview of a stage still to come, into the
// outbox only. Read from the outbox, with an injected clock.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isValidCommand, runOperatorCommand } from '../../src/operator/commands.ts';
import { companyIdOf } from '../helpers/audit.ts';
import { buildTestApp, TEST_APP_URL } from '../helpers/build-test-app.ts';
import { testClock } from '../helpers/clock.ts';
import { registerUser, type SignedIn } from '../helpers/factories.ts';
import { lazy } from '../helpers/lazy.ts';
import { startSmtpServer } from '../helpers/smtp.ts';
import { teammate } from '../helpers/team.ts';
import { putCompanyIn } from '../helpers/company-state.ts';

const DAY_MS = 86_400_000;
const clock = testClock(new Date('2026-05-04T08:00:00.000Z'));
const app = await buildTestApp({ clock });
const operator = (...args: string[]) => runOperatorCommand(app, { command: 'send-trial-reminders', args });

async function remindersTo(person: SignedIn): Promise<string[]> {
  return (await app.mailer.outbox())
    .filter(
      (message) =>
        message.to === person.registration.email.toLowerCase() &&
        /trial (ends|has ended)/.test(message.subject),
    )
    .map((message) => message.subject);
}

const company = lazy(async () => {
  clock.set(new Date('2026-05-04T08:00:00.000Z'));
  const owner = await registerUser(app);
  const admin = await teammate(app, owner, 'admin');
  const quietAdmin = await teammate(app, owner, 'admin', { trialReminders: false });
  const member = await teammate(app, owner, 'member');
  const id = await companyIdOf(app, owner.registration.email);
  const trialEndsAt = new Date(clock.now().getTime() + 30 * DAY_MS);
  return { owner, admin, quietAdmin, member, id, trialEndsAt };
});

describe('send-trial-reminders', () => {
  it('takes a company and an optional stage of 7, 3, 1 or 0', () => {
    expect(isValidCommand('send-trial-reminders', ['acme@example.com'])).toBe(true);
    expect(isValidCommand('send-trial-reminders', ['acme@example.com', '--stage', '0'])).toBe(true);
    expect(isValidCommand('send-trial-reminders', ['acme@example.com', '--stage', '5'])).toBe(false);
    expect(isValidCommand('send-trial-reminders', ['acme@example.com', '--stage'])).toBe(false);
    expect(isValidCommand('send-trial-reminders', [])).toBe(false);
    expect(isValidCommand('send-trial-reminders', ['--stage', '3'])).toBe(false);
  });

  it('on a new trial: says when the first is due, and previews a stage into the outbox without using it up', async () => {
    const { owner, admin, quietAdmin, member, trialEndsAt } = await company();
    const none = await operator(owner.registration.email);
    expect(none).toEqual({
      ok: false,
      output:
        `No reminder of ${owner.registration.companyName} is due yet: the first (7 days before the trial ends) ` +
        `is due from ${new Date(trialEndsAt.getTime() - 7 * DAY_MS).toISOString()}. Add --stage 7, 3, 1 or 0 to see one now.`,
    });
    expect(await remindersTo(owner)).toEqual([]);

    const preview = await operator(owner.registration.email, '--stage', '3');
    expect(preview.ok, preview.output).toBe(true);
    expect(preview.output).toContain('Wrote a preview of the 3-day reminder');
    expect(preview.output).toContain(owner.registration.email.toLowerCase());
    expect(preview.output).toContain(`Read it in the mailbox: ${TEST_APP_URL}/dev/mailbox`);
    for (const person of [owner, admin])
      expect(await remindersTo(person)).toEqual(['Your DataFeeds trial ends in 3 days']);
    for (const person of [quietAdmin, member]) expect(await remindersTo(person)).toEqual([]);

    // Not recorded: the schedule still sends the stage on its day.
    clock.set(new Date(trialEndsAt.getTime() - 3 * DAY_MS));
    expect(await app.trialReminders.run()).toBe(2);
    expect(await remindersTo(owner)).toEqual([
      'Your DataFeeds trial ends in 3 days',
      'Your DataFeeds trial ends in 3 days',
    ]);
  });

  it('sends the due stage once, again only when asked, and refuses a stage that is past', async () => {
    const { owner, admin, id, trialEndsAt } = await company();
    clock.set(new Date(trialEndsAt.getTime() - 1 * DAY_MS));
    const before = (await remindersTo(admin)).length;

    const sent = await operator(id);
    expect(sent.ok, sent.output).toBe(true);
    expect(sent.output).toMatch(/^Sent the 1-day reminder of .* to 2 people: /);
    expect(await remindersTo(admin)).toHaveLength(before + 1);
    expect(await app.trialReminders.run()).toBe(0);

    expect(await operator(id)).toEqual({
      ok: false,
      output: `The 1-day reminder of ${owner.registration.companyName} was already sent. Add --stage 1 to send it again.`,
    });
    expect((await operator(id, '--stage', '1')).ok).toBe(true);
    const oneDay = (await remindersTo(admin)).filter(
      (subject) => subject === 'Your DataFeeds trial ends in 1 day',
    );
    expect(oneDay).toHaveLength(2);
    expect(await remindersTo(admin)).toHaveLength(before + 2);

    expect(await operator(id, '--stage', '7')).toEqual({
      ok: false,
      output: `The 7-day reminder of ${owner.registration.companyName} is past: the 1-day reminder is the one due now.`,
    });
  });

  it('a paid company gets none, and an unknown one is said so', async () => {
    const paid = await registerUser(app);
    const paidId = await companyIdOf(app, paid.registration.email);
    await putCompanyIn(app, paidId, 'paid');
    expect(await operator(paid.registration.email, '--stage', '3')).toEqual({
      ok: false,
      output: `${paid.registration.companyName} is not on a trial (status paid): it gets no trial reminders.`,
    });
    expect(await operator('nobody@example.com')).toEqual({
      ok: false,
      output: 'No company found for nobody@example.com.',
    });
    expect(await remindersTo(paid)).toEqual([]);
  });

  it('with SMTP, never sends a stage still to come', async () => {
    const smtp = await startSmtpServer();
    let smtpApp: FastifyInstance | undefined;
    try {
      smtpApp = await buildTestApp({ env: { SMTP_URL: smtp.url } });
      const owner = await registerUser(smtpApp);
      const refused = await runOperatorCommand(smtpApp, {
        command: 'send-trial-reminders',
        args: [owner.registration.email, '--stage', '7'],
      });
      expect(refused.ok).toBe(false);
      expect(refused.output).toContain('a preview would reach the customer early');
      const outbox = await smtpApp.mailer.outbox();
      const email = owner.registration.email.toLowerCase();
      expect(outbox.filter((message) => message.to === email && /trial ends/.test(message.subject))).toEqual(
        [],
      );
    } finally {
      await smtpApp?.close();
      await smtp.close();
    }
  });
});
