// Usage metering end to end (design §8 "Usage"): real verifications through the data feed's
// endpoint are counted per credential × feed × hour × outcome, written by a flush, and read back by
// GET /api/GetClientUsage and GetClients (lastUsedAt) for the caller's own company only.
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TRIAL_DAYS, withChecksum } from '@datafeeds/domain';
import { credentialUsageHourly } from '../../../src/db/schema.ts';
import { runOperatorCommand } from '../../../src/operator/commands.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { registerUser } from '../../helpers/factories.ts';
import { clientsOf, createdClient, verifiedUser } from '../../helpers/tokens.ts';
import { clientUsage, getClientUsage, usageRows } from '../../helpers/usage.ts';
import { newVerifierKey, verified } from '../../helpers/verification.ts';

const START = new Date('2026-06-01T09:58:00Z');
const clock = testClock(START);
const app = await buildTestApp({ clock });
const key = await newVerifierKey(app);
const flush = () => app.usageMeter!.flush();
const verify = (secret: string, scope?: string, apiType?: string) =>
  verified(app, key, { secret, ...(scope ? { scope } : {}), ...(apiType ? { apiType } : {}) });

async function liveToken(overrides = {}) {
  const user = await verifiedUser(app);
  return { user, ...(await createdClient(app, user.token, { sports: ['nfl'], ...overrides })) };
}

const storedRows = async () => (await app.db.select({ n: count() }).from(credentialUsageHourly))[0]?.n;

describe('usage metering', () => {
  it('counts every verification per credential × feed × hour × outcome, refusals included', async () => {
    clock.set(START);
    const { clientId, clientSecret } = await liveToken();
    for (let i = 0; i < 3; i += 1) await verify(clientSecret, 'nflLive', 'rest');
    await verify(clientSecret); // no scope: the feed `any`
    await verify(clientSecret, 'nbaLive');
    await verify(clientSecret, 'nbaLive');
    await verify(clientSecret, 'nflLive', 'graphql');
    clock.advance(180); // 10:01, the next hour
    await verify(clientSecret, 'nflLive');
    await runOperatorCommand(app, { command: 'set-token-status', args: [clientId, 'inactive'] });
    await verify(clientSecret, 'nflLive');

    const pendingUser = await registerUser(app);
    const pending = await createdClient(app, pendingUser.token);
    expect(await verify(pending.clientSecret)).toMatchObject({ code: 'PENDING' });

    const expiring = await liveToken();
    clock.set(new Date(clock.now().getTime() + TRIAL_DAYS * 86_400_000));
    expect(await verify(expiring.clientSecret, 'nfl')).toMatchObject({ code: 'EXPIRED' });
    const expiredAt = clock.now();
    clock.set(START);

    expect(await usageRows(app, clientId)).toEqual({}); // nothing written before a flush
    await flush();
    expect(await usageRows(app, clientId)).toEqual({
      '2026-06-01T09:00:00.000Z nflLive VALID': 3,
      '2026-06-01T09:00:00.000Z any VALID': 1,
      '2026-06-01T09:00:00.000Z nbaLive SCOPE_DENIED': 2,
      '2026-06-01T09:00:00.000Z nflLive API_TYPE_DENIED': 1,
      '2026-06-01T10:00:00.000Z nflLive VALID': 1,
      '2026-06-01T10:00:00.000Z nflLive INACTIVE': 1,
    });
    expect(await usageRows(app, pending.clientId)).toEqual({ '2026-06-01T10:00:00.000Z any PENDING': 1 });
    const expiredHour = new Date(Math.floor(expiredAt.getTime() / 3_600_000) * 3_600_000).toISOString();
    expect(await usageRows(app, expiring.clientId)).toEqual({ [`${expiredHour} nfl EXPIRED`]: 1 });
  });

  it('counts nothing for MALFORMED or NOT_FOUND answers, which name no credential', async () => {
    await flush();
    const before = await storedRows();
    expect(await verify('dfsk_not-a-secret')).toMatchObject({ code: 'MALFORMED' });
    expect(await verify(withChecksum('dfsk_', 'Q'.repeat(43)), 'nflLive')).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(app.usageMeter!.heldKeys).toBe(0);
    await flush();
    expect(await storedRows()).toBe(before);
  });

  it('adds a later flush to the same hour, and sets lastUsedAt, which never moves backwards', async () => {
    clock.set(new Date('2026-06-02T12:10:00Z'));
    const { user, clientId, clientSecret } = await liveToken();
    expect((await clientsOf(app, user.token))[0]?.lastUsedAt).toBeNull();
    await verify(clientSecret, 'nflLive');
    await flush();
    clock.set(new Date('2026-06-02T12:40:00Z'));
    await verify(clientSecret, 'nflLive');
    await flush();
    clock.set(new Date('2026-06-02T12:10:00Z')); // the sign-in's access token is still good
    expect(await usageRows(app, clientId)).toEqual({ '2026-06-02T12:00:00.000Z nflLive VALID': 2 });
    expect((await clientsOf(app, user.token))[0]?.lastUsedAt).toBe('2026-06-02T12:40:00.000Z');

    // A batch from an instance whose clock is behind does not move it back.
    clock.set(new Date('2026-06-02T12:20:00Z'));
    await verify(clientSecret, 'nflLive');
    await flush();
    clock.set(new Date('2026-06-02T12:10:00Z'));
    expect((await clientsOf(app, user.token))[0]?.lastUsedAt).toBe('2026-06-02T12:40:00.000Z');
    const usage = await clientUsage(app, user.token, { clientId });
    expect(usage.lastUsedAt).toBe('2026-06-02T12:40:00.000Z');
    expect(usage.totals).toEqual({ requests: 3, valid: 3, refused: 0 });
  });
});

describe('GET /api/GetClientUsage', () => {
  it('answers the last 30 UTC days by default, bucketed by the UTC day of each verification', async () => {
    clock.set(new Date('2026-07-11T14:55:00Z')); // signed in just before the questions below
    const { user, clientId, clientSecret } = await liveToken({ sports: ['nfl', 'nhl'] });
    clock.set(new Date('2026-07-10T23:59:59Z'));
    await verify(clientSecret, 'nflLive');
    await verify(clientSecret, 'nbaLive'); // SCOPE_DENIED
    clock.set(new Date('2026-07-11T00:00:00Z'));
    await verify(clientSecret, 'nhlLive');
    await verify(clientSecret, 'nflLive');
    await verify(clientSecret, 'nflLive');
    await verify(clientSecret, 'nflLive', 'graphql'); // API_TYPE_DENIED
    clock.set(new Date('2026-06-20T08:00:00Z')); // 21 days before: inside 30, outside 7
    await verify(clientSecret);
    clock.set(new Date('2026-05-01T08:00:00Z')); // 71 days before: inside 90 only
    await verify(clientSecret, 'nflLive');
    await flush();
    clock.set(new Date('2026-07-11T15:00:00Z'));

    const usage = await clientUsage(app, user.token, { clientId });
    expect(usage.days).toBe(30);
    expect(usage.dates).toHaveLength(30);
    expect(usage.dates[0]).toBe('2026-06-12');
    expect(usage.dates.at(-1)).toBe('2026-07-11');
    const zeros = (n: number) => new Array<number>(n).fill(0);
    expect(usage.feeds).toEqual([
      { feed: 'nflLive', requests: [...zeros(28), 1, 2] },
      { feed: 'nhlLive', requests: [...zeros(29), 1] },
      { feed: 'any', requests: [...zeros(8), 1, ...zeros(21)] },
    ]);
    expect(usage.refused).toEqual([...zeros(28), 1, 1]);
    expect(usage.refusedByCode).toEqual({
      PENDING: 0,
      EXPIRED: 0,
      INACTIVE: 0,
      SCOPE_DENIED: 1,
      API_TYPE_DENIED: 1,
      QUOTA_EXCEEDED: 0,
      RATE_LIMITED: 0,
    });
    expect(usage.totals).toEqual({ requests: 7, valid: 5, refused: 2 });
    expect(usage.lastUsedAt).toBe('2026-07-11T00:00:00.000Z');

    const week = await clientUsage(app, user.token, { clientId, days: '7' });
    expect(week.dates).toEqual([
      '2026-07-05',
      '2026-07-06',
      '2026-07-07',
      '2026-07-08',
      '2026-07-09',
      '2026-07-10',
      '2026-07-11',
    ]);
    expect(week.feeds.map(({ feed }) => feed)).toEqual(['nflLive', 'nhlLive']);
    expect(week.totals).toEqual({ requests: 6, valid: 4, refused: 2 });

    const quarter = await clientUsage(app, user.token, { clientId, days: '90' });
    expect(quarter.dates).toHaveLength(90);
    expect(
      quarter.feeds.find(({ feed }) => feed === 'nflLive')?.requests[quarter.dates.indexOf('2026-05-01')],
    ).toBe(1);
    expect(quarter.totals).toEqual({ requests: 8, valid: 6, refused: 2 });
  });

  it('answers a token never used with empty series and every refusal code at 0', async () => {
    const { user, clientId } = await liveToken();
    const usage = await clientUsage(app, user.token, { clientId, days: '7' });
    expect(usage).toMatchObject({
      clientId,
      days: 7,
      feeds: [],
      refused: [0, 0, 0, 0, 0, 0, 0],
      totals: { requests: 0, valid: 0, refused: 0 },
      lastUsedAt: null,
    });
    expect(Object.values(usage.refusedByCode)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('refuses bad parameters with 400', async () => {
    const { user, clientId } = await liveToken();
    const queries: Record<string, string>[] = [
      { clientId, days: '0' },
      { clientId, days: '91' },
      { clientId, days: 'abc' },
      { clientId, days: '7.5' },
      {},
      { clientId, other: '1' },
      { clientId: `${clientId}|1` },
      { clientId: `${clientId.slice(0, -1)}\ud800` },
      { clientId: clientId.slice(1) },
    ];
    for (const query of queries) {
      const response = await getClientUsage(app, user.token, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it("answers another company's token exactly like an unknown one: 404", async () => {
    const owner = await liveToken();
    await verify(owner.clientSecret, 'nflLive');
    await flush();
    const stranger = await verifiedUser(app);
    const foreign = await getClientUsage(app, stranger.token, { clientId: owner.clientId });
    const unknown = await getClientUsage(app, stranger.token, { clientId: 'dfc_unknown000000000000000' });
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.body).not.toContain(owner.clientId);
  });

  it('needs a signed-in user', async () => {
    const { clientId } = await liveToken();
    const response = await app.inject({ method: 'GET', url: `/api/GetClientUsage?clientId=${clientId}` });
    expect(response.statusCode).toBe(401);
  });
});
