// Plan limits in the portal's own verify call (design §10 "Allowance leases"): a VALID answer is admitted
// against the company's daily quota, the token's cap and the rate, or answered QUOTA_EXCEEDED /
// RATE_LIMITED instead (still 200), counted as refused usage by reason. The test clock stands still, so
// every call of a test falls in the second and the UTC day it says.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { VerifyResult } from '@datafeeds/domain';
import { plans } from '../../../src/db/schema.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { capToken, changePlan, companyIdOf, putOnPlan } from '../../helpers/limits.ts';
import { createdClient, verifiedUser } from '../../helpers/tokens.ts';
import { clientUsage } from '../../helpers/usage.ts';
import { newVerifierKey, verified } from '../../helpers/verification.ts';
import { putCompanyIn } from '../../helpers/company-state.ts';

const clock = testClock(new Date('2026-06-01T09:00:00.250Z'));
const app = await buildTestApp({ clock });
const key = await newVerifierKey(app);

/** A company with two live tokens, on a plan of its own with these limits. */
async function company(limits: { dailyQuota: number | null; ratePerSecond: number | null }) {
  const user = await verifiedUser(app);
  const first = await createdClient(app, user.token, { label: 'Production', sports: ['nfl'] });
  const second = await createdClient(app, user.token, { label: 'Staging', sports: ['nfl'] });
  const companyId = await companyIdOf(app, first.clientId);
  const plan = await putOnPlan(app, companyId, limits);
  return { user, first, second, companyId, plan };
}

const verify = (secret: string, via = app) => verified(via, key, { secret, scope: 'nflLive' });

function tally(answers: VerifyResult[]) {
  const counts: Record<string, number> = {};
  for (const { code } of answers) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

/** `count` calls at once, alternating between the secrets. */
const burst = (secrets: string[], count: number, via = app) =>
  Promise.all(Array.from({ length: count }, (_, index) => verify(secrets[index % secrets.length]!, via)));

describe('plan limits in POST /api/v1/credentials/verify', () => {
  it("admits exactly the company's quota across its tokens, then answers QUOTA_EXCEEDED until midnight UTC", async () => {
    clock.set(new Date('2026-06-01T09:00:00.250Z'));
    const { user, first, second } = await company({ dailyQuota: 5, ratePerSecond: null });
    const answers = await burst([first.clientSecret, second.clientSecret], 12);
    expect(tally(answers)).toEqual({ VALID: 5, QUOTA_EXCEEDED: 7 });
    expect(await verify(second.clientSecret)).toEqual({
      valid: false,
      code: 'QUOTA_EXCEEDED',
      clientId: second.clientId,
      resetsAt: '2026-06-02T00:00:00.000Z',
      limit: 5,
    });

    // Counted as refused usage by reason, like the other refusals.
    await app.usageMeter!.flush();
    const usages = await Promise.all(
      [first, second].map(({ clientId }) => clientUsage(app, user.token, { clientId, days: '7' })),
    );
    expect(usages.reduce((sum, usage) => sum + usage.totals.valid, 0)).toBe(5);
    expect(usages.reduce((sum, usage) => sum + usage.refusedByCode.QUOTA_EXCEEDED, 0)).toBe(8);
    expect(usages.every((usage) => usage.refusedByCode.RATE_LIMITED === 0)).toBe(true);
  });

  it("holds a capped token to its cap while the company's other tokens go on", async () => {
    clock.set(new Date('2026-06-01T10:00:00.250Z'));
    const { first, second } = await company({ dailyQuota: 100, ratePerSecond: null });
    await capToken(app, second.clientId, 2);
    const capped = await burst([second.clientSecret], 4);
    expect(tally(capped)).toEqual({ VALID: 2, QUOTA_EXCEEDED: 2 });
    expect(capped.find((answer) => answer.code === 'QUOTA_EXCEEDED')).toMatchObject({
      clientId: second.clientId,
      limit: 2,
    });
    expect(tally(await burst([first.clientSecret], 5))).toEqual({ VALID: 5 });
  });

  it('answers RATE_LIMITED past the rate with the wait until the next second, then admits again', async () => {
    clock.set(new Date('2026-06-01T11:00:00.250Z'));
    const { user, first, second } = await company({ dailyQuota: null, ratePerSecond: 3 });
    const answers = await burst([first.clientSecret, second.clientSecret], 5);
    expect(tally(answers)).toEqual({ VALID: 3, RATE_LIMITED: 2 });
    expect(answers.find((answer) => answer.code === 'RATE_LIMITED')).toEqual({
      valid: false,
      code: 'RATE_LIMITED',
      clientId: expect.stringMatching(/^dfc_/),
      retryAfterMs: 750,
      limit: 3,
    });
    clock.advance(0.5);
    expect(await verify(first.clientSecret)).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 250 });
    clock.advance(0.5);
    expect(tally(await burst([first.clientSecret, second.clientSecret], 4))).toEqual({
      VALID: 3,
      RATE_LIMITED: 1,
    });

    await app.usageMeter!.flush();
    const usages = await Promise.all(
      [first, second].map(({ clientId }) => clientUsage(app, user.token, { clientId, days: '7' })),
    );
    expect(usages.reduce((sum, usage) => sum + usage.refusedByCode.RATE_LIMITED, 0)).toBe(4);
    expect(usages.reduce((sum, usage) => sum + usage.totals.valid, 0)).toBe(6);
    expect(usages.every((usage) => usage.refusedByCode.QUOTA_EXCEEDED === 0)).toBe(true);
  });

  it('starts each UTC day with the whole quota', async () => {
    clock.set(new Date('2026-06-01T23:59:59.500Z'));
    const { first } = await company({ dailyQuota: 2, ratePerSecond: null });
    expect(tally(await burst([first.clientSecret], 3))).toEqual({ VALID: 2, QUOTA_EXCEEDED: 1 });
    clock.set(new Date('2026-06-02T00:00:00.100Z'));
    expect(tally(await burst([first.clientSecret], 3))).toEqual({ VALID: 2, QUOTA_EXCEEDED: 1 });
    expect(await verify(first.clientSecret)).toMatchObject({ resetsAt: '2026-06-03T00:00:00.000Z' });
  });

  it('lifts a refusal it holds as soon as a raised quota is announced (limits_changed)', async () => {
    clock.set(new Date('2026-06-02T09:00:00.250Z'));
    const { first, plan } = await company({ dailyQuota: 2, ratePerSecond: null });
    expect(tally(await burst([first.clientSecret], 3))).toEqual({ VALID: 2, QUOTA_EXCEEDED: 1 });
    await changePlan(app, plan, { dailyQuota: 4, ratePerSecond: null });
    const answers = await burst([first.clientSecret], 3);
    expect(tally(answers)).toEqual({ VALID: 2, QUOTA_EXCEEDED: 1 });
    expect(answers.find((answer) => answer.code === 'QUOTA_EXCEEDED')).toMatchObject({ limit: 4 });
  });

  it('holds a refusal until an announcement says limits changed: an approved upgrade says so too', async () => {
    clock.set(new Date('2026-06-02T09:30:00.250Z'));
    const { first, plan, companyId } = await company({ dailyQuota: 1, ratePerSecond: null });
    expect(tally(await burst([first.clientSecret], 2))).toEqual({ VALID: 1, QUOTA_EXCEEDED: 1 });
    // Raised without an announcement: the instance answers from the refusal it holds.
    await app.db.update(plans).set({ dailyQuota: 3 }).where(eq(plans.name, plan));
    expect(await verify(first.clientSecret)).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 1 });
    await putCompanyIn(app, companyId, 'paid');
    expect(tally(await burst([first.clientSecret], 3))).toEqual({ VALID: 2, QUOTA_EXCEEDED: 1 });
  });

  it('leaves calls that judge locally to the data-feed service, which admits them from its own leases', async () => {
    clock.set(new Date('2026-06-02T10:00:00.250Z'));
    const { first } = await company({ dailyQuota: 1, ratePerSecond: null });
    for (let index = 0; index < 3; index += 1) {
      const answer = await verified(app, key, {
        secret: first.clientSecret,
        scope: 'nflLive',
        judgeLocally: true,
      });
      expect(answer).toMatchObject({ code: 'VALID', limits: { dailyQuota: 1 } });
    }
    expect(tally(await burst([first.clientSecret], 2))).toEqual({ VALID: 1, QUOTA_EXCEEDED: 1 });
  });

  it('admits everything with LIMIT_ENFORCEMENT=off, and grants nothing meanwhile', async () => {
    clock.set(new Date('2026-06-02T11:00:00.250Z'));
    const unenforced = await buildTestApp({ clock, env: { LIMIT_ENFORCEMENT: 'off' } });
    const { first } = await company({ dailyQuota: 1, ratePerSecond: 1 });
    expect(tally(await burst([first.clientSecret], 20, unenforced))).toEqual({ VALID: 20 });
    // The quota is untouched: the enforcing instance still has its one request.
    expect(tally(await burst([first.clientSecret], 2))).toEqual({ VALID: 1, QUOTA_EXCEEDED: 1 });
  });
});
