// Quota emails (design §10): at 80 % and at 100 % of a UTC day's quota, to the owner and admins who did
// not turn trial reminders off, each once per company per day across two instances sharing one database
// and a restart, with an injected clock. Usage goes in through the data feed's real calls (a verification
// it judges itself, leases of the day, a usage report of what it served) and the usage batch; the emails
// are read from the outbox (the development mailbox).
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { verification } from '@datafeeds/domain/calls';
import { companies } from '../../src/db/schema.ts';
import { companyIdOf } from '../helpers/audit.ts';
import { buildTestApp, TEST_APP_URL } from '../helpers/build-test-app.ts';
import { testClock } from '../helpers/clock.ts';
import { bearer, callTo, type SignedIn } from '../helpers/factories.ts';
import { lazy } from '../helpers/lazy.ts';
import { teammate } from '../helpers/team.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/test-database.ts';
import { createdClient, rotateClient, verifiedUser } from '../helpers/tokens.ts';
import { usageRows } from '../helpers/usage.ts';
import { leaseDayUnits, newVerifierKey, verified } from '../helpers/verification.ts';
import { putCompanyIn } from '../helpers/company-state.ts';

const EIGHTY = "You have used 80% of today's requests";
const HUNDRED = "You have reached today's request limit";
const QUOTA_SUBJECT = /of today's requests|today's request limit/;
/** A plan of the provider team's with a small quota, so a test reaches it in a few calls. */
const PLAN = { name: 'hundred-a-day', dailyQuota: 100 };

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
const verifierKey = await newVerifierKey(instances.a);
// The plans service and its operator commands are not what this file tests: the plan row is written here.
await instances.a.db.execute(
  sql`INSERT INTO plans (name, daily_quota, rate_per_second) VALUES (${PLAN.name}, ${PLAN.dailyQuota}, NULL)`,
);

/** A company with a token, on `planName`. */
async function company(planName: string) {
  const owner = await verifiedUser(instances.a);
  const companyId = await companyIdOf(instances.a, owner.registration.email);
  await instances.a.db.update(companies).set({ planName }).where(eq(companies.id, companyId));
  const { clientSecret } = await createdClient(instances.a, owner.token, { sports: ['nfl'] });
  return { owner, companyId, clientSecret };
}

/**
 * Up to `count` admitted requests of the token through `app` at the clock's time, as a data feed admits
 * them: one verification it judges itself, day units leased for them (past the quota the lease grants
 * fewer, down to none) and a report of the requests those units admitted; written by the app's usage
 * batch. Answers the token's client ID.
 */
async function use(app: FastifyInstance, clientSecret: string, count: number): Promise<string> {
  const answer = await verified(app, verifierKey, {
    secret: clientSecret,
    scope: 'nflLive',
    judgeLocally: true,
  });
  if (!answer.valid) throw new Error(`not verified: ${answer.code}`);
  const admitted = await leaseDayUnits(app, verifierKey, answer.clientId, count);
  if (admitted > 0) await reportAdmitted(app, answer.clientId, admitted);
  await app.usageMeter!.flush();
  return answer.clientId;
}

/** The data feed reports `count` requests of `clientId` it admitted from its cache in the current hour. */
async function reportAdmitted(app: FastifyInstance, clientId: string, count: number): Promise<void> {
  const hourMs = Math.floor(clock.now().getTime() / 3_600_000) * 3_600_000;
  const response = await app.inject({
    ...callTo(verification.reportCredentialUsage),
    headers: bearer(verifierKey),
    payload: {
      counts: [{ clientId, scope: 'nflLive', code: 'VALID', hour: new Date(hourMs).toISOString(), count }],
    },
  });
  expect(response.statusCode, response.body).toBe(204);
}

/** Quota emails to `email` in the shared outbox, oldest first. */
async function quotaEmailsTo(email: string) {
  const messages = await instances.a.mailer.outbox();
  return messages
    .filter((message) => message.to === email.toLowerCase() && QUOTA_SUBJECT.test(message.subject))
    .reverse();
}
const subjectsTo = async (email: string) => (await quotaEmailsTo(email)).map((message) => message.subject);
const emailOf = (person: SignedIn) => person.registration.email;

const team = lazy(async () => {
  const { a } = instances;
  const { owner, companyId, clientSecret } = await company(PLAN.name);
  const admin = await teammate(a, owner, 'admin');
  const quietAdmin = await teammate(a, owner, 'admin', { trialReminders: false });
  const member = await teammate(a, owner, 'member');
  return { owner, admin, quietAdmin, member, companyId, clientSecret };
});

describe('quota emails', () => {
  it('at 80 % and 100 % of the day, once each to the owner and admins who want them, across two instances and a restart', async () => {
    const { owner, admin, quietAdmin, member, clientSecret } = await team();
    const { b } = instances;
    let { a } = instances;

    await use(a, clientSecret, 79);
    expect(await subjectsTo(emailOf(owner))).toEqual([]);

    await use(b, clientSecret, 1);
    const [eighty] = await quotaEmailsTo(emailOf(owner));
    expect(eighty?.subject).toBe(EIGHTY);
    expect(eighty?.text).toContain(
      `has used 80 of the 100 requests its ${PLAN.name} plan allows per day (80%)`,
    );
    expect(eighty?.text).toContain('until the count starts again on 3 March 2026 at 00:00 UTC');
    expect(eighty?.text).toContain('Upgrade To Paid Account button on the dashboard');
    expect(eighty?.text).toContain('trial reminders switch on your Profile page');
    expect(eighty?.links).toEqual([`${TEST_APP_URL}/dashboard`]);
    expect(await subjectsTo(admin.email)).toEqual([EIGHTY]);
    expect(await subjectsTo(quietAdmin.email)).toEqual([]);
    expect(await subjectsTo(member.email)).toEqual([]);

    // Crossing again on either instance sends nothing.
    await use(a, clientSecret, 5);
    await use(b, clientSecret, 5);
    expect(await subjectsTo(emailOf(owner))).toEqual([EIGHTY]);

    // A restart: instance A goes, a new one comes on the same database.
    await a.close();
    a = instances.a = await buildTestApp({ clock });
    await use(a, clientSecret, 5);
    expect(await subjectsTo(emailOf(owner))).toEqual([EIGHTY]);

    // 95 used: the feeds on both instances lease the last 5 together, and their batches take it to 100 %;
    // one email.
    await Promise.all([use(a, clientSecret, 5), use(b, clientSecret, 5)]);
    expect(await subjectsTo(emailOf(owner))).toEqual([EIGHTY, HUNDRED]);
    const hundred = (await quotaEmailsTo(emailOf(owner)))[1];
    expect(hundred?.text).toMatch(/has used 100 of the 100 requests its hundred-a-day plan allows per day\./);
    expect(hundred?.text).toContain('Requests beyond the limit are refused (code QUOTA_EXCEEDED)');
    expect(await subjectsTo(admin.email)).toEqual([EIGHTY, HUNDRED]);

    await use(b, clientSecret, 50);
    await use(a, clientSecret, 50);
    expect(await subjectsTo(emailOf(owner))).toEqual([EIGHTY, HUNDRED]);
    expect(await subjectsTo(quietAdmin.email)).toEqual([]);
    expect(await subjectsTo(member.email)).toEqual([]);

    // The next UTC day counts from 0 again, and is emailed again.
    clock.set(new Date('2026-03-03T00:05:00.000Z'));
    await use(a, clientSecret, 79);
    expect(await subjectsTo(emailOf(owner))).toEqual([EIGHTY, HUNDRED]);
    await use(b, clientSecret, 1);
    expect(await subjectsTo(emailOf(owner))).toEqual([EIGHTY, HUNDRED, EIGHTY]);
    expect((await quotaEmailsTo(emailOf(owner)))[2]?.text).toContain('on 4 March 2026 at 00:00 UTC');
    expect(await subjectsTo(admin.email)).toEqual([EIGHTY, HUNDRED, EIGHTY]);
    clock.set(new Date('2026-03-02T09:15:00.000Z'));
  });

  // Instances whose batches cross at the same moment, neither seeing the other's counts or record: only
  // the key decides. A third connection holds the table against writes until both batches wait for it.
  it.runIf(testDatabaseKind === 'postgres')(
    'sends once when two instances cross the same threshold at the same moment',
    async () => {
      const { a, b } = instances;
      const { owner, clientSecret } = await company(PLAN.name);
      // Two tokens: batches of one token's counts wait for each other at their rows, so never race.
      const second = await createdClient(a, owner.token, { sports: ['nfl'] });
      await use(a, clientSecret, 79);
      const holder = new pg.Client({ connectionString: await testDatabaseUrl() });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE quota_notices_sent IN SHARE MODE');
        const crossing = Promise.all([use(a, clientSecret, 1), use(b, second.clientSecret, 1)]);
        await vi.waitFor(
          async () => {
            const { rows } = await holder.query<{ waiting: number }>(
              `SELECT count(*)::int AS waiting FROM pg_locks
               WHERE relation = 'quota_notices_sent'::regclass AND NOT granted`,
            );
            expect(rows[0]?.waiting).toBe(2);
          },
          { timeout: 20_000, interval: 20 },
        );
        await holder.query('COMMIT');
        await crossing;
      } finally {
        await holder.end();
      }
      expect(await subjectsTo(emailOf(owner))).toEqual([EIGHTY]);
    },
  );

  it('sends only the 100 % email to a company that passes both thresholds in one batch, and no 80 % after it', async () => {
    const { a, b } = instances;
    const { owner, clientSecret } = await company(PLAN.name);
    await use(a, clientSecret, 120);
    expect(await subjectsTo(emailOf(owner))).toEqual([HUNDRED]);
    await use(b, clientSecret, 1);
    await use(a, clientSecret, 1);
    expect(await subjectsTo(emailOf(owner))).toEqual([HUNDRED]);
  });

  it('sends nothing to a company on a plan without a daily quota', async () => {
    const { a } = instances;
    const { owner, clientSecret } = await company('standard');
    await use(a, clientSecret, 1_000_000);
    expect(await subjectsTo(emailOf(owner))).toEqual([]);
  });

  it("counts the use of a token's secrets before its rotation", async () => {
    const { a } = instances;
    const { owner, clientSecret } = await company(PLAN.name);
    const oldClientId = await use(a, clientSecret, 50);
    const rotated = await rotateClient(a, owner.token, oldClientId);
    expect(rotated.statusCode, rotated.body).toBe(200);
    await use(a, rotated.json<{ clientSecret: string }>().clientSecret, 29);
    expect(await subjectsTo(emailOf(owner))).toEqual([]);
    await use(a, rotated.json<{ clientSecret: string }>().clientSecret, 1);
    expect(await subjectsTo(emailOf(owner))).toEqual([EIGHTY]);
  });

  it('sends nothing to a suspended company, even for what its data feed still admitted from its cache', async () => {
    const { a } = instances;
    const { owner, companyId, clientSecret } = await company(PLAN.name);
    const clientId = await use(a, clientSecret, 1);
    // Leased before the suspension, admitted from the feed's cache and reported after it.
    expect(await leaseDayUnits(a, verifierKey, clientId, 99)).toBe(99);
    await putCompanyIn(a, companyId, 'suspended');
    await reportAdmitted(a, clientId, 99);
    await a.usageMeter!.flush();
    expect(Object.values(await usageRows(a, clientId))).toEqual([100]);
    expect(await subjectsTo(emailOf(owner))).toEqual([]);
  });

  it('counts only admitted requests, and tells a paid company to ask for a larger plan', async () => {
    const { a } = instances;
    const { owner, companyId, clientSecret } = await company(PLAN.name);
    await a.db.update(companies).set({ accountStatus: 'paid' }).where(eq(companies.id, companyId));
    // 79 admitted, and refusals that do not count.
    await use(a, clientSecret, 79);
    const refused = await verified(a, verifierKey, { secret: clientSecret, scope: 'nbaLive' });
    expect(refused.valid).toBe(false);
    await a.usageMeter!.flush();
    expect(await subjectsTo(emailOf(owner))).toEqual([]);
    await use(a, clientSecret, 1);
    const [eighty] = await quotaEmailsTo(emailOf(owner));
    expect(eighty?.subject).toBe(EIGHTY);
    expect(eighty?.text).toContain('ask the provider team for a larger plan');
    expect(eighty?.text).not.toContain('Upgrade To Paid Account');
  });

  it('keeps the counts when the email cannot be written, and emails with the next batch', async () => {
    const { a } = instances;
    const { owner, clientSecret } = await company(PLAN.name);
    const failing = vi.spyOn(a.mailer, 'send').mockRejectedValueOnce(new Error('outbox unavailable'));
    let clientId: string;
    try {
      clientId = await use(a, clientSecret, 80);
    } finally {
      failing.mockRestore();
    }
    const stored = Object.values(await usageRows(a, clientId));
    expect(stored.reduce((total, count) => total + count, 0)).toBe(80);
    expect(await subjectsTo(emailOf(owner))).toEqual([]);
    await use(a, clientSecret, 1);
    expect(await subjectsTo(emailOf(owner))).toEqual([EIGHTY]);
  });
});
