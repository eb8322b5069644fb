// Trial reminders (design §9): 7, 3 and 1 days before a trial ends and at its end, to the owner and admins
// who did not opt out, each exactly once across two instances sharing one database and a restart, with an
// injected clock. Read from the outbox (the development mailbox), never from a mailer mock.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { users } from '@datafeeds/domain/calls';
import { buildTestApp, TEST_APP_URL } from '../helpers/build-test-app.ts';
import { testClock } from '../helpers/clock.ts';
import { callTo, registerUser, type SignedIn } from '../helpers/factories.ts';
import { lazy } from '../helpers/lazy.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/test-database.ts';
import { companyIdOf } from '../helpers/audit.ts';
import { teammate } from '../helpers/team.ts';
import { moveTrialEnd, putCompanyIn } from '../helpers/company-state.ts';

const DAY = 86_400;
const clock = testClock(new Date('2026-03-02T09:15:00.000Z'));
// On PostgreSQL, B opens its own pool on the file's database, as a second server would.
const instances = {
  a: await buildTestApp({ clock }),
  b: await buildTestApp(
    testDatabaseKind === 'postgres'
      ? { clock, database: undefined, env: { DATABASE_URL: await testDatabaseUrl() } }
      : { clock },
  ),
};

/** Trial reminder emails to `person` in the shared outbox. */
async function remindersTo(app: FastifyInstance, person: SignedIn) {
  const messages = await app.mailer.outbox();
  return messages.filter(
    (message) =>
      message.to === person.registration.email.toLowerCase() &&
      /trial (ends|has ended)/.test(message.subject),
  );
}

/** Runs the schedule on both instances at once, several times over. */
async function runConcurrently(...apps: FastifyInstance[]): Promise<void> {
  await Promise.all(Array.from({ length: 5 }, () => apps.map((app) => app.trialReminders.run())).flat());
}

/** The provider team moves the trial's end to `end` (the store's step of an extension). */
async function extendTrial(app: FastifyInstance, companyId: string, end: Date): Promise<void> {
  await moveTrialEnd(app, companyId, end);
}

async function trialEndOf(app: FastifyInstance, user: SignedIn): Promise<Date> {
  const response = await app.inject({
    ...callTo(users.getUser),
    headers: { authorization: `Bearer ${user.token}` },
  });
  return new Date(response.json<{ trialEndsAt: string }>().trialEndsAt);
}

const team = lazy(async () => {
  const { a } = instances;
  const owner = await registerUser(a);
  const admin = await teammate(a, owner, 'admin');
  const quietAdmin = await teammate(a, owner, 'admin', { trialReminders: false });
  const member = await teammate(a, owner, 'member');
  const paidOwner = await registerUser(a);
  const paidId = await companyIdOf(a, paidOwner.registration.email);
  await putCompanyIn(a, paidId, 'paid');
  const suspendedOwner = await registerUser(a);
  const suspendedId = await companyIdOf(a, suspendedOwner.registration.email);
  await putCompanyIn(a, suspendedId, 'suspended');
  const trialEndsAt = await trialEndOf(a, owner);
  return { owner, admin, quietAdmin, member, paidOwner, suspendedOwner, trialEndsAt };
});

describe('trial reminders on two instances and a restart', () => {
  it('sends each stage once to the owner and admins who want them, never to members, paid or suspended companies', async () => {
    const { owner, admin, quietAdmin, member, paidOwner, suspendedOwner, trialEndsAt } = await team();
    const { b } = instances;
    let { a } = instances;
    const at = (daysBefore: number) => clock.set(new Date(trialEndsAt.getTime() - daysBefore * DAY * 1000));

    at(7.5);
    await runConcurrently(a, b);
    expect(await remindersTo(a, owner)).toEqual([]);

    at(7);
    await runConcurrently(a, b);
    const first = await remindersTo(a, owner);
    expect(first.map((message) => message.subject)).toEqual(['Your DataFeeds trial ends in 7 days']);
    expect(first[0]?.links).toEqual([`${TEST_APP_URL}/dashboard`]);
    expect(first[0]?.text).toContain('Upgrade your account');
    expect(await remindersTo(a, admin)).toHaveLength(1);
    expect(await remindersTo(a, quietAdmin)).toEqual([]);
    expect(await remindersTo(a, member)).toEqual([]);
    expect(await remindersTo(a, paidOwner)).toEqual([]);

    // A restart: instance A goes, a new one comes on the same database.
    await a.close();
    a = instances.a = await buildTestApp({ clock });
    await runConcurrently(a, b);
    expect(await remindersTo(a, owner)).toHaveLength(1);

    at(3);
    await runConcurrently(a, b);
    at(1);
    await runConcurrently(a, b);
    at(0);
    await runConcurrently(a, b);
    clock.advance(3600);
    await runConcurrently(a, b);

    const subjects = (await remindersTo(a, owner)).map((message) => message.subject).sort();
    expect(subjects).toEqual(
      [
        'Your DataFeeds trial ends in 7 days',
        'Your DataFeeds trial ends in 3 days',
        'Your DataFeeds trial ends in 1 day',
        'Your DataFeeds trial has ended',
      ].sort(),
    );
    expect((await remindersTo(a, admin)).map((message) => message.subject).sort()).toEqual(subjects);
    for (const person of [quietAdmin, member, paidOwner, suspendedOwner]) {
      expect(await remindersTo(a, person)).toEqual([]);
    }
  });

  it('after a gap sends only the latest due stage, and nothing once the end is a day past', async () => {
    const { a, b } = instances;
    const owner = await registerUser(a);
    const companyId = await companyIdOf(a, owner.registration.email);
    await extendTrial(a, companyId, new Date(clock.now().getTime() + 8 * DAY * 1000));
    await runConcurrently(a, b);
    expect(await remindersTo(a, owner)).toEqual([]);

    clock.advance(7 * DAY); // the portal was down from 8 days before to 1 day before
    await runConcurrently(a, b);
    expect((await remindersTo(a, owner)).map((message) => message.subject)).toEqual([
      'Your DataFeeds trial ends in 1 day',
    ]);

    clock.advance(2 * DAY); // down again, past the end by more than a day
    await runConcurrently(a, b);
    expect(await remindersTo(a, owner)).toHaveLength(1);
  });

  it('starts again for a trial the provider team extends', async () => {
    const { a, b } = instances;
    const owner = await registerUser(a);
    const companyId = await companyIdOf(a, owner.registration.email);
    const end = new Date(clock.now().getTime() + 2 * DAY * 1000);
    await extendTrial(a, companyId, end);
    await runConcurrently(a, b);
    // Stages 7 and 3 are both due: one email, saying what is left.
    expect((await remindersTo(a, owner)).map((message) => message.subject)).toEqual([
      'Your DataFeeds trial ends in 2 days',
    ]);
    await extendTrial(a, companyId, new Date(end.getTime() + 5 * DAY * 1000));
    await runConcurrently(a, b);
    expect(await remindersTo(a, owner)).toHaveLength(2);
  });
});
