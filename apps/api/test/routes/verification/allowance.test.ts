// POST /api/v1/credentials/allowance (design §10 "Allowance leases"): a data-feed service leases units of
// a company's day and current second; the portal grants a small slice at most, of what is left — of the
// quota, of the token's cap, of the rate —, only for credentials the asking key has verified, says why
// when it grants nothing, and counts the grants against the same truth its own verify call admits from.
import { describe, expect, it } from 'vitest';
import type { LeaseGrant } from '@datafeeds/domain';
import { verification } from '@datafeeds/domain/calls';
import { runOperatorCommand } from '../../../src/operator/commands.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo } from '../../helpers/factories.ts';
import { capToken, companyIdOf, putOnPlan } from '../../helpers/limits.ts';
import { createdClient, verifiedUser } from '../../helpers/tokens.ts';
import { newVerifierKey, verified } from '../../helpers/verification.ts';

const clock = testClock(new Date('2026-06-01T09:00:00.400Z'));
const app = await buildTestApp({ clock });
const key = await newVerifierKey(app);

const lease = (payload: unknown, verifierKey: string | null = key) =>
  app.inject({
    ...callTo(verification.leaseAllowance),
    headers: verifierKey === null ? {} : bearer(verifierKey),
    payload: payload as object,
  });

async function leased(payload: { clientId: string; day: number; rate: number }): Promise<LeaseGrant> {
  const response = await lease(payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LeaseGrant>();
}

/** A token on a plan with these limits, verified once by `key` as a data feed does before it leases. */
async function tokenOnPlan(limits: { dailyQuota: number | null; ratePerSecond: number | null }) {
  const user = await verifiedUser(app);
  const token = await createdClient(app, user.token, { sports: ['nfl'] });
  await putOnPlan(app, await companyIdOf(app, token.clientId), limits);
  await verified(app, key, { secret: token.clientSecret, judgeLocally: true });
  return { user, ...token };
}

/** Leases `units` of the day, one lease at a time (each a slice of the limit at most). */
async function leaseDayUnits(clientId: string, units: number): Promise<number> {
  let granted = 0;
  for (let lease = 0; lease < units; lease += 1) granted += (await leased({ clientId, day: 1, rate: 0 })).day;
  return granted;
}

const SECOND = Math.floor(Date.parse('2026-06-01T09:00:00.400Z') / 1000);

describe('POST /api/v1/credentials/allowance', () => {
  it('grants a slice of the limits at most, then what is left of the day and second, then says why not', async () => {
    // Slices: a quarter percent of the day (at least 1), a quarter of the rate (2 of 8).
    const { clientId } = await tokenOnPlan({ dailyQuota: 8, ratePerSecond: 8 });
    // What no node has been granted after each grant: the standing every data feed answers with.
    expect(await leased({ clientId, day: 3, rate: 5 })).toEqual({
      day: 1,
      rate: 2,
      second: SECOND,
      quotaExceeded: null,
      rateLimited: null,
      dayLeft: 7,
      rateLeft: 6,
    });
    expect(await leaseDayUnits(clientId, 7)).toBe(7);
    expect(await leased({ clientId, day: 0, rate: 2 })).toMatchObject({ rate: 2 });
    expect(await leased({ clientId, day: 0, rate: 2 })).toMatchObject({ rate: 2 });
    expect(await leased({ clientId, day: 0, rate: 2 })).toMatchObject({ rate: 2 });
    expect(await leased({ clientId, day: 1, rate: 1 })).toEqual({
      day: 0,
      rate: 0,
      second: SECOND,
      quotaExceeded: { resetsAt: '2026-06-02T00:00:00.000Z', limit: 8 },
      rateLimited: { retryAfterMs: 600, limit: 8 },
      dayLeft: 0,
      rateLeft: 0,
    });
    // Asking for none of a part is not a refusal of it.
    expect(await leased({ clientId, day: 0, rate: 0 })).toMatchObject({
      quotaExceeded: null,
      rateLimited: null,
    });
  });

  it("never grants a company's whole day to one ask: a slice of it, the rest still there", async () => {
    const { clientId, clientSecret } = await tokenOnPlan({ dailyQuota: 10_000, ratePerSecond: null });
    expect(await leased({ clientId, day: 1_000_000_000, rate: 0 })).toMatchObject({ day: 25 });
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ code: 'VALID' });
  });

  it("counts against the truth the portal's own verify call admits from", async () => {
    const { clientId, clientSecret } = await tokenOnPlan({ dailyQuota: 4, ratePerSecond: null });
    expect(await leaseDayUnits(clientId, 4)).toBe(4);
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      limit: 4,
    });
  });

  it("grants a capped token no more than its cap, and the company's other tokens the rest", async () => {
    const { user, clientId } = await tokenOnPlan({ dailyQuota: 10, ratePerSecond: null });
    const other = await createdClient(app, user.token, { label: 'Other', sports: ['nfl'] });
    await verified(app, key, { secret: other.clientSecret, judgeLocally: true });
    await capToken(app, clientId, 3);
    expect(await leaseDayUnits(clientId, 5)).toBe(3);
    expect(await leased({ clientId, day: 1, rate: 0 })).toMatchObject({
      day: 0,
      quotaExceeded: { limit: 3 },
      dayLeft: 0,
    });
    // The others see the company's quota: 10, less the capped token's 3.
    expect(await leased({ clientId: other.clientId, day: 1, rate: 0 })).toMatchObject({ day: 1, dayLeft: 6 });
    expect(await leaseDayUnits(other.clientId, 10)).toBe(6);
  });

  /** `times` verifications the portal admits itself, written to usage as its batches write them. */
  async function admitted(secret: string, times: number) {
    for (let call = 0; call < times; call += 1) {
      expect(await verified(app, key, { secret })).toMatchObject({ code: 'VALID' });
    }
    await app.usageMeter!.flush();
  }

  it('counts a cap given mid-day from midnight: what the token was admitted before counts against it', async () => {
    // 21 admitted today, then a cap of 23: two left, for feeds and portal alike.
    const { clientId, clientSecret } = await tokenOnPlan({ dailyQuota: 10_000, ratePerSecond: null });
    await admitted(clientSecret, 21);
    await capToken(app, clientId, 23);
    expect(await leaseDayUnits(clientId, 5)).toBe(2);
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      limit: 23,
    });
    // Lifted, used, and given again: the day's count still holds everything admitted.
    await capToken(app, clientId, null);
    await admitted(clientSecret, 3);
    await capToken(app, clientId, 30);
    // 24 admitted: the two units leased under the first cap were never spent, and a node spends a capped
    // token's units only while it is capped (the lifted cap moved it to the company's units).
    expect(await leaseDayUnits(clientId, 10)).toBe(30 - 24);
  });

  it('counts a quota given mid-day from midnight: what the company was admitted before counts against it', async () => {
    const { clientId, clientSecret } = await tokenOnPlan({ dailyQuota: null, ratePerSecond: 100 });
    await admitted(clientSecret, 30);
    await putOnPlan(app, await companyIdOf(app, clientId), { dailyQuota: 32, ratePerSecond: 100 });
    expect(await leaseDayUnits(clientId, 5)).toBe(2);
  });

  it('grants unlimited parts as asked', async () => {
    const { clientId } = await tokenOnPlan({ dailyQuota: null, ratePerSecond: null });
    expect(await leased({ clientId, day: 1_000_000, rate: 50_000 })).toEqual({
      day: 1_000_000,
      rate: 50_000,
      second: SECOND,
      quotaExceeded: null,
      rateLimited: null,
      dayLeft: null,
      rateLeft: null,
    });
  });

  it('leases only for a credential the asking key has verified: client IDs are not secret', async () => {
    const user = await verifiedUser(app);
    const { clientId, clientSecret } = await createdClient(app, user.token, { sports: ['nfl'] });
    await putOnPlan(app, await companyIdOf(app, clientId), { dailyQuota: 10_000, ratePerSecond: null });
    const refused = await lease({ clientId, day: 1, rate: 0 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: 'not_found' });
    // Another key's verification vouches for that key only.
    await verified(app, await newVerifierKey(app, 'another feed'), {
      secret: clientSecret,
      judgeLocally: true,
    });
    expect((await lease({ clientId, day: 1, rate: 0 })).statusCode).toBe(404);
    await verified(app, key, { secret: clientSecret, judgeLocally: true });
    expect(await leased({ clientId, day: 1, rate: 0 })).toMatchObject({ day: 1 });
  });

  it('answers 404 for a client ID that does not verify: unknown, or a token set inactive', async () => {
    const unknown = await lease({ clientId: `dfc_${'Q'.repeat(22)}`, day: 1, rate: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    const { clientId } = await tokenOnPlan({ dailyQuota: 10, ratePerSecond: null });
    await runOperatorCommand(app, { command: 'set-token-status', args: [clientId, 'inactive'] });
    expect((await lease({ clientId, day: 1, rate: 0 })).statusCode).toBe(404);
  });

  it('answers 401 without a live verifier key', async () => {
    const { clientId } = await tokenOnPlan({ dailyQuota: 10, ratePerSecond: null });
    expect((await lease({ clientId, day: 1, rate: 0 }, null)).statusCode).toBe(401);
    expect((await lease({ clientId, day: 1, rate: 0 }, 'dfvk_notAKeyAnybodyHas')).statusCode).toBe(401);
  });

  it.each([
    ['no client ID', { day: 1, rate: 1 }],
    ['a negative number of units', { clientId: 'dfc_x', day: -1, rate: 0 }],
    ['a fraction of a unit', { clientId: 'dfc_x', day: 0.5, rate: 0 }],
    ['a field the call does not know', { clientId: 'dfc_x', day: 1, rate: 0, month: 3 }],
  ])('answers 400 for %s', async (_name, payload) => {
    const response = await lease(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed' });
  });
});
