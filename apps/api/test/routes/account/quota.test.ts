// GET /api/GetQuota (design §10): the caller's company's plan, what its tokens had admitted since the UTC
// day began, what is left, when it resets and when it runs out at the last hour's rate — for any member,
// and never another company's.
import { describe, expect, it } from 'vitest';
import type { Quota } from '@datafeeds/domain';
import { account } from '@datafeeds/domain/calls';
import { credentialUsageHourly } from '../../../src/db/schema.ts';
import { runOperatorCommand } from '../../../src/operator/commands.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo, login } from '../../helpers/factories.ts';
import { invitedMember } from '../../helpers/team.ts';
import { createdClient, rotateClient, verifiedUser } from '../../helpers/tokens.ts';
import { newVerifierKey, verified } from '../../helpers/verification.ts';

const clock = testClock(new Date('2026-06-01T10:15:00Z'));
const app = await buildTestApp({ clock });
const key = await newVerifierKey(app);
const operator = (command: string, ...args: string[]) => runOperatorCommand(app, { command, args });

const getQuota = (token?: string) =>
  app.inject({ ...callTo(account.getQuota), ...(token ? { headers: bearer(token) } : {}) });

async function quotaOf(token: string): Promise<Quota> {
  const response = await getQuota(token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Quota>();
}

/** Stored usage of `clientId`: `count` admitted (VALID, unless another code) in the hour starting at `hour`. */
async function used(clientId: string, hour: string, count: number, code = 'VALID') {
  await app.db
    .insert(credentialUsageHourly)
    .values({ clientId, hour: new Date(hour), scope: 'nflLive', code, count });
}

async function companyWithTokens(labels: string[] = ['Widget']) {
  const user = await verifiedUser(app);
  const tokens = [];
  for (const label of labels) {
    tokens.push(await createdClient(app, user.token, { label }));
    clock.advance(1); // oldest first, as GetQuota lists them
  }
  return { user, tokens };
}

describe('GetQuota', () => {
  it("answers a new company's trial plan, nothing used, every token listed", async () => {
    clock.set(new Date('2026-06-01T10:15:00Z'));
    const { user, tokens } = await companyWithTokens(['First', 'Second']);
    expect(await quotaOf(user.token)).toEqual({
      plan: { name: 'trial', dailyQuota: 10_000, ratePerSecond: 10 },
      usedToday: 0,
      remainingToday: 10_000,
      resetsAt: '2026-06-02T00:00:00.000Z',
      forecastExhaustedAt: null,
      tokens: tokens.map(({ clientId }) => ({ clientId, usedToday: 0, dailyCap: null })),
    });
  });

  it('counts the requests its tokens had admitted today, through the data feed, once written', async () => {
    clock.set(new Date('2026-06-01T10:15:00Z'));
    const { user, tokens } = await companyWithTokens(['Live']);
    const [token] = tokens;
    for (let i = 0; i < 3; i += 1)
      await verified(app, key, { secret: token!.clientSecret, scope: 'nflLive' });
    // Refused requests are not admitted: they use nothing of the quota.
    await verified(app, key, { secret: token!.clientSecret, scope: 'nbaLive' });
    await app.usageMeter!.flush();
    const quota = await quotaOf(user.token);
    expect(quota).toMatchObject({ usedToday: 3, remainingToday: 9_997 });
    expect(quota.tokens).toEqual([{ clientId: token!.clientId, usedToday: 3, dailyCap: null }]);
  });

  it("counts today's UTC day only, and a token's use across its rotations", async () => {
    clock.set(new Date('2026-06-01T10:15:00Z'));
    const { user, tokens } = await companyWithTokens(['Rotated', 'Quiet']);
    const [rotatedToken, quiet] = tokens;
    await used(rotatedToken!.clientId, '2026-05-31T23:00:00Z', 5_000); // yesterday
    await used(rotatedToken!.clientId, '2026-06-01T00:00:00Z', 40);
    await used(rotatedToken!.clientId, '2026-06-01T03:00:00Z', 2, 'SCOPE_DENIED');
    const rotated = (await rotateClient(app, user.token, rotatedToken!.clientId)).json<{
      clientId: string;
    }>();
    await used(rotated.clientId, '2026-06-01T10:00:00Z', 2);
    const quota = await quotaOf(user.token);
    expect(quota.usedToday).toBe(42);
    expect(quota.remainingToday).toBe(9_958);
    expect(quota.tokens).toHaveLength(2);
    expect(quota.tokens).toEqual(
      expect.arrayContaining([
        { clientId: rotated.clientId, usedToday: 42, dailyCap: null },
        { clientId: quiet!.clientId, usedToday: 0, dailyCap: null },
      ]),
    );
  });

  it("forecasts when the quota runs out at the last hour's rate", async () => {
    clock.set(new Date('2026-06-01T10:15:00Z'));
    const { user, tokens } = await companyWithTokens(['Busy']);
    clock.set(new Date('2026-06-01T10:15:00Z'));
    const { clientId } = tokens[0]!;
    await used(clientId, '2026-06-01T08:00:00Z', 1_000);
    await used(clientId, '2026-06-01T09:00:00Z', 2_000);
    await used(clientId, '2026-06-01T10:00:00Z', 1_500);
    // The last hour: 10:00–10:15 (1 500) and the last 45 minutes of 09:00 (three quarters of 2 000): 3 000
    // an hour. 5 500 left take 1 h 50 min from 10:15.
    expect(await quotaOf(user.token)).toMatchObject({
      usedToday: 4_500,
      remainingToday: 5_500,
      forecastExhaustedAt: '2026-06-01T12:05:00.000Z',
    });

    // Later that hour, with nothing more admitted, the rate has fallen: the forecast moves out.
    clock.set(new Date('2026-06-01T10:45:00Z'));
    const { email, password } = user.registration;
    const later = (await login(app, email, password)).json<{ token: string }>().token;
    // 1 500 + a quarter of 2 000 = 2 000 an hour: 5 500 take 2 h 45 min.
    expect((await quotaOf(later)).forecastExhaustedAt).toBe('2026-06-01T13:30:00.000Z');
  });

  it('forecasts nothing when the rate would not reach the quota before midnight, or when idle', async () => {
    clock.set(new Date('2026-06-01T22:30:00Z'));
    const { user, tokens } = await companyWithTokens(['Slow']);
    const { clientId } = tokens[0]!;
    await used(clientId, '2026-06-01T12:00:00Z', 6_000);
    await used(clientId, '2026-06-01T22:00:00Z', 500);
    // 500 + 0 an hour: 3 500 left would take 7 hours, past the reset at midnight.
    expect(await quotaOf(user.token)).toMatchObject({ remainingToday: 3_500, forecastExhaustedAt: null });

    const idle = await companyWithTokens(['Idle']);
    await used(idle.tokens[0]!.clientId, '2026-06-01T12:00:00Z', 9_000);
    expect(await quotaOf(idle.user.token)).toMatchObject({
      remainingToday: 1_000,
      forecastExhaustedAt: null,
    });
  });

  it('answers nothing left and no forecast once the quota is used up', async () => {
    clock.set(new Date('2026-06-01T10:15:00Z'));
    const { user, tokens } = await companyWithTokens(['Spent']);
    await used(tokens[0]!.clientId, '2026-06-01T09:00:00Z', 8_000);
    await used(tokens[0]!.clientId, '2026-06-01T10:00:00Z', 2_050);
    expect(await quotaOf(user.token)).toMatchObject({
      usedToday: 10_050,
      remainingToday: 0,
      forecastExhaustedAt: null,
    });
  });

  it('says unlimited on a plan without a daily quota, still counting what was used', async () => {
    clock.set(new Date('2026-06-01T10:15:00Z'));
    const { user, tokens } = await companyWithTokens(['Paid']);
    await used(tokens[0]!.clientId, '2026-06-01T10:00:00Z', 123);
    await operator('approve-upgrade', user.registration.email);
    expect(await quotaOf(user.token)).toEqual({
      plan: { name: 'standard', dailyQuota: null, ratePerSecond: 50 },
      usedToday: 123,
      remainingToday: null,
      resetsAt: '2026-06-02T00:00:00.000Z',
      forecastExhaustedAt: null,
      tokens: [{ clientId: tokens[0]!.clientId, usedToday: 123, dailyCap: null }],
    });
  });

  it("answers any member their own company's figures, never another company's", async () => {
    clock.set(new Date('2026-06-01T10:15:00Z'));
    const ours = await companyWithTokens(['Ours']);
    const member = await invitedMember(app, ours.user.token, 'member');
    const theirs = await companyWithTokens(['Theirs']);
    await used(ours.tokens[0]!.clientId, '2026-06-01T10:00:00Z', 700);
    await used(theirs.tokens[0]!.clientId, '2026-06-01T10:00:00Z', 9);

    const seenByMember = await quotaOf(member.token);
    expect(seenByMember.usedToday).toBe(700);
    expect(seenByMember.tokens).toEqual([
      { clientId: ours.tokens[0]!.clientId, usedToday: 700, dailyCap: null },
    ]);
    const seenByThem = await quotaOf(theirs.user.token);
    expect(seenByThem.usedToday).toBe(9);
    expect(seenByThem.tokens.map((token) => token.clientId)).toEqual([theirs.tokens[0]!.clientId]);
  });

  it('refuses a caller without a session', async () => {
    expect((await getQuota()).statusCode).toBe(401);
  });
});
