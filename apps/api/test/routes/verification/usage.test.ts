// POST /api/v1/credentials/usage (design §8 "Usage"): a data feed reports the answers its verifier gave
// from its own cache; they join the portal's counts in GetClientUsage and move lastUsedAt. VALID answers of
// a credential with a daily limit count only as far as the reporting key leased that day (§8 "What a
// report may write"), so the tests lease what they report, as a data feed does.
import { describe, expect, it } from 'vitest';
import { USAGE_REPORT_MAX_ENTRIES, USAGE_REPORT_MAX_HOURLY_COUNT, withChecksum } from '@datafeeds/domain';
import { account, verification } from '@datafeeds/domain/calls';
import { runOperatorCommand } from '../../../src/operator/commands.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo } from '../../helpers/factories.ts';
import { companyIdOf, putOnPlan } from '../../helpers/limits.ts';
import { clientsOf, createdClient, verifiedUser } from '../../helpers/tokens.ts';
import { clientUsage, usageRows } from '../../helpers/usage.ts';
import { leaseDayUnits, newVerifierKey, verified } from '../../helpers/verification.ts';

const NOW = new Date('2026-06-01T09:30:00Z');
const clock = testClock(NOW);
const app = await buildTestApp({ clock });
const key = await newVerifierKey(app);
const flush = () => app.usageMeter!.flush();
/** Flushes once reported entries have waited their longest for a verification, then the clock goes back. */
async function settled() {
  const now = clock.now();
  clock.advance(10);
  await flush();
  clock.set(now);
}

const report = (payload: unknown, verifierKey: string | null = key) =>
  app.inject({
    ...callTo(verification.reportCredentialUsage),
    headers: verifierKey === null ? {} : bearer(verifierKey),
    payload: payload as object,
  });

async function liveToken() {
  const user = await verifiedUser(app);
  return { user, ...(await createdClient(app, user.token, { sports: ['nfl'] })) };
}

const entry = (clientId: string, overrides: Record<string, unknown> = {}) => ({
  clientId,
  scope: 'nflLive',
  code: 'VALID',
  hour: '2026-06-01T09:00:00.000Z',
  count: 2,
  ...overrides,
});

describe('POST /api/v1/credentials/usage', () => {
  it("adds the feed's counts to the portal's own, shown by GetClientUsage, and sets lastUsedAt", async () => {
    clock.set(NOW);
    const { user, clientId, clientSecret } = await liveToken();
    await verified(app, key, { secret: clientSecret, scope: 'nflLive', judgeLocally: true });
    expect(await leaseDayUnits(app, key, clientId, 7)).toBe(7); // what it admits its VALID answers from
    const response = await report({
      counts: [
        entry(clientId),
        entry(clientId, { scope: 'nbaLive', code: 'SCOPE_DENIED', count: 1 }),
        entry(clientId, { scope: 'any', hour: '2026-06-01T10:00:00.000Z', count: 5 }),
        entry('dfc_nobodyHasThisClientId0', { count: 7 }), // never verified by this key: dropped
      ],
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    await flush();
    // The judged-locally call itself is the feed's to count: its report holds what it served.
    expect(await usageRows(app, clientId)).toEqual({
      '2026-06-01T09:00:00.000Z nflLive VALID': 2,
      '2026-06-01T09:00:00.000Z nbaLive SCOPE_DENIED': 1,
      '2026-06-01T10:00:00.000Z any VALID': 5,
    });
    const usage = await clientUsage(app, user.token, { clientId });
    expect(usage.totals).toEqual({ requests: 8, valid: 7, refused: 1 });
    expect(usage.refusedByCode.SCOPE_DENIED).toBe(1);
    // The report's time, not the end of the hour (still to come).
    expect(usage.lastUsedAt).toBe(NOW.toISOString());
    expect((await clientsOf(app, user.token))[0]?.lastUsedAt).toBe(NOW.toISOString());
  });

  it('answers a judged-locally call with the credential as it is, and leaves counting it to the feed', async () => {
    clock.set(NOW);
    const { clientId, clientSecret } = await liveToken();
    const answer = await verified(app, key, {
      secret: clientSecret,
      scope: 'nbaLive',
      apiType: 'rest',
      judgeLocally: true,
    });
    expect(answer).toMatchObject({ valid: true, code: 'VALID', clientId });
    expect(answer.valid && answer.scopes).toContain('nflLive');
    await flush();
    // Only the feed knows whether its own admission served it: its report says (and this key's
    // verification vouches for that report).
    expect(await usageRows(app, clientId)).toEqual({});
    expect(
      (await report({ counts: [entry(clientId, { scope: 'nbaLive', code: 'SCOPE_DENIED', count: 1 })] }))
        .statusCode,
    ).toBe(204);
    await flush();
    expect(await usageRows(app, clientId)).toEqual({ '2026-06-01T09:00:00.000Z nbaLive SCOPE_DENIED': 1 });
  });

  it('counts a judged-locally call refused for what the credential is (the feed serves it as given)', async () => {
    clock.set(NOW);
    const { clientId, clientSecret } = await liveToken();
    await runOperatorCommand(app, { command: 'set-token-status', args: [clientId, 'inactive'] });
    const answer = await verified(app, key, { secret: clientSecret, scope: 'nflLive', judgeLocally: true });
    expect(answer).toMatchObject({ valid: false, code: 'INACTIVE' });
    await flush();
    expect(await usageRows(app, clientId)).toEqual({ '2026-06-01T09:00:00.000Z nflLive INACTIVE': 1 });
  });

  it('sets lastUsedAt to the end of a past hour', async () => {
    clock.set(NOW);
    const { user, clientId, clientSecret } = await liveToken();
    clock.set(new Date('2026-05-31T22:10:00Z'));
    await verified(app, key, { secret: clientSecret });
    await leaseDayUnits(app, key, clientId, 2);
    clock.set(NOW);
    const response = await report({ counts: [entry(clientId, { hour: '2026-05-31T22:00:00.000Z' })] });
    expect(response.statusCode).toBe(204);
    await flush();
    expect((await clientsOf(app, user.token))[0]?.lastUsedAt).toBe('2026-05-31T22:59:59.999Z');
  });

  it.each([
    ['no counts', { counts: [] }],
    ['no body', undefined],
    ['an unknown field', { counts: [entry('dfc_a')], extra: 1 }],
    ['an unknown scope', { counts: [entry('dfc_a', { scope: 'cricketLive' })] }],
    ['an unmetered code', { counts: [entry('dfc_a', { code: 'NOT_FOUND' })] }],
    ['an hour not on the hour', { counts: [entry('dfc_a', { hour: '2026-06-01T09:15:00.000Z' })] }],
    ['an hour that is no date', { counts: [entry('dfc_a', { hour: 'yesterday' })] }],
    ['a count of 0', { counts: [entry('dfc_a', { count: 0 })] }],
    ['a fractional count', { counts: [entry('dfc_a', { count: 1.5 })] }],
    ['a count too large', { counts: [entry('dfc_a', { count: 1e12 })] }],
    ['an empty client id', { counts: [entry('')] }],
    ['too many entries', { counts: new Array(USAGE_REPORT_MAX_ENTRIES + 1).fill(entry('dfc_a')) }],
    ['an hour in the future', { counts: [entry('dfc_a', { hour: '2026-06-01T11:00:00.000Z' })] }],
    ['an hour past retention', { counts: [entry('dfc_a', { hour: '2026-03-01T09:00:00.000Z' })] }],
  ])('refuses %s with 400 and counts nothing', async (_, payload) => {
    clock.set(NOW);
    const { clientId } = await liveToken();
    const body =
      payload && 'counts' in payload
        ? {
            ...payload,
            counts: payload.counts.map((row) => ({ ...row, clientId: row.clientId && clientId })),
          }
        : payload;
    const response = await report(body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed' });
    await flush();
    expect(await usageRows(app, clientId)).toEqual({});
  });

  it.each([
    ['a separator', (id: string) => `${id}|9|nflLive`],
    ['a NUL character', (id: string) => `${id}\u0000`],
    ['a lone surrogate', (id: string) => `${id.slice(0, -1)}\ud800`],
    ['another shape', (id: string) => id.replace('dfc_', 'dfx_')],
  ])(
    'refuses a client id holding %s with 400, and the meter keeps writing every company',
    async (_, malformed) => {
      clock.set(NOW);
      const [one, other] = [await liveToken(), await liveToken()];
      await verified(app, key, { secret: one.clientSecret, scope: 'nflLive' });
      const response = await report({ counts: [entry(malformed(one.clientId))] });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: 'validation_failed' });
      await verified(app, key, { secret: other.clientSecret, scope: 'nflLive' });
      await flush();
      expect(await usageRows(app, one.clientId)).toEqual({ '2026-06-01T09:00:00.000Z nflLive VALID': 1 });
      expect(await usageRows(app, other.clientId)).toEqual({ '2026-06-01T09:00:00.000Z nflLive VALID': 1 });
    },
  );

  it('accepts the next hour (a feed whose clock is a little ahead)', async () => {
    clock.set(NOW);
    const { clientId, clientSecret } = await liveToken();
    await verified(app, key, { secret: clientSecret });
    expect(
      (await report({ counts: [entry(clientId, { hour: '2026-06-01T10:00:00.000Z' })] })).statusCode,
    ).toBe(204);
  });

  it('drops counts for a credential this key did not verify within the hour or the one before, and counts the drops', async () => {
    clock.set(NOW);
    const mine = await liveToken();
    const theirs = await liveToken();
    const never = await liveToken();
    const otherKey = await newVerifierKey(app, 'another feed');
    await verified(app, key, { secret: mine.clientSecret });
    await leaseDayUnits(app, key, mine.clientId, 4);
    await verified(app, otherKey, { secret: theirs.clientSecret });
    await leaseDayUnits(app, otherKey, theirs.clientId, 3); // another key's leases count for it alone
    await settled(); // what earlier tests reported is counted or dropped by now
    const dropped = app.usageMeter!.droppedReportedCounts;
    const response = await report({
      counts: [
        entry(mine.clientId, { count: 4 }),
        entry(never.clientId, { count: 1_000_000_000 }), // never verified by anyone
        entry(theirs.clientId, { count: 3 }), // verified, but by another key
        entry(mine.clientId, { hour: '2026-06-01T08:00:00.000Z', count: 5 }), // before the verification
      ],
    });
    expect(response.statusCode, response.body).toBe(204);
    await flush();
    // The verification may have been made on another instance not written yet: they wait a little.
    await settled();
    expect(await usageRows(app, mine.clientId)).toEqual({
      '2026-06-01T09:00:00.000Z any VALID': 1,
      '2026-06-01T09:00:00.000Z nflLive VALID': 4,
    });
    expect(await usageRows(app, never.clientId)).toEqual({});
    expect(await usageRows(app, theirs.clientId)).toEqual({ '2026-06-01T09:00:00.000Z any VALID': 1 });
    expect((await clientsOf(app, never.user.token))[0]?.lastUsedAt).toBeNull();
    expect(app.usageMeter!.droppedReportedCounts - dropped).toBe(1_000_000_000 + 3 + 5);
  });

  it('accepts an hour after the verification (a cached answer crossing the hour), and not two', async () => {
    clock.set(new Date('2026-06-01T08:59:50Z'));
    const { clientId, clientSecret } = await liveToken();
    await verified(app, key, { secret: clientSecret });
    await leaseDayUnits(app, key, clientId, 11);
    clock.set(NOW);
    const response = await report({
      counts: [
        entry(clientId, { count: 2 }),
        entry(clientId, { hour: '2026-06-01T10:00:00.000Z', count: 9 }),
      ],
    });
    expect(response.statusCode).toBe(204);
    await flush();
    expect(await usageRows(app, clientId)).toEqual({
      '2026-06-01T08:00:00.000Z any VALID': 1,
      '2026-06-01T09:00:00.000Z nflLive VALID': 2,
    });
  });

  it(`drops an entry above ${USAGE_REPORT_MAX_HOURLY_COUNT} and keeps the rest of the report`, async () => {
    clock.set(NOW);
    const { clientId, clientSecret } = await liveToken();
    // No daily limit, so no lease bounds its day: the hourly bound alone holds.
    await putOnPlan(app, await companyIdOf(app, clientId), { dailyQuota: null, ratePerSecond: null });
    await verified(app, key, { secret: clientSecret });
    const dropped = app.usageMeter!.droppedReportedCounts;
    const response = await report({
      counts: [
        entry(clientId, { count: USAGE_REPORT_MAX_HOURLY_COUNT + 1 }),
        entry(clientId, { scope: 'nfl', count: USAGE_REPORT_MAX_HOURLY_COUNT }),
      ],
    });
    expect(response.statusCode).toBe(204);
    await flush();
    expect(await usageRows(app, clientId)).toEqual({
      '2026-06-01T09:00:00.000Z any VALID': 1,
      '2026-06-01T09:00:00.000Z nfl VALID': USAGE_REPORT_MAX_HOURLY_COUNT,
    });
    expect(app.usageMeter!.droppedReportedCounts - dropped).toBe(USAGE_REPORT_MAX_HOURLY_COUNT + 1);
  });

  it("counts a key's VALID answers of a company with a daily quota only up to the day units it leased", async () => {
    clock.set(NOW);
    const { user, clientId, clientSecret } = await liveToken();
    await verified(app, key, { secret: clientSecret, scope: 'nflLive', judgeLocally: true });
    const granted = await leaseDayUnits(app, key, clientId, 40);
    expect(granted).toBe(40);
    await settled();
    const dropped = app.usageMeter!.droppedReportedCounts;
    // An inflating key: three entries of 3 000 000 VALID each (under the hourly bound), sent twice.
    const inflated = {
      counts: [
        entry(clientId, { count: 3_000_000 }),
        entry(clientId, { scope: 'nfl', count: 3_000_000 }),
        entry(clientId, { scope: 'any', count: 3_000_000 }),
        entry(clientId, { scope: 'nbaLive', code: 'SCOPE_DENIED', count: 3 }), // no day's units: counted
      ],
    };
    for (let sent = 0; sent < 2; sent += 1) {
      expect((await report(inflated)).statusCode).toBe(204);
      await flush();
    }
    const rows = await usageRows(app, clientId);
    expect(rows).toEqual({
      '2026-06-01T09:00:00.000Z nflLive VALID': granted,
      '2026-06-01T09:00:00.000Z nbaLive SCOPE_DENIED': 6,
    });
    expect(app.usageMeter!.droppedReportedCounts - dropped).toBe(2 * 9_000_000 - granted);
    const quota = await app.inject({ ...callTo(account.getQuota), headers: bearer(user.token) });
    expect(quota.json()).toMatchObject({ usedToday: granted, remainingToday: 10_000 - granted });
    expect(
      (await app.mailer.outbox()).filter(
        (message) => message.to === user.registration.email.toLowerCase() && /request/.test(message.subject),
      ),
    ).toEqual([]);
    expect(await verified(app, key, { secret: clientSecret, judgeLocally: true })).toMatchObject({
      code: 'VALID',
    });
    // Less what it reported already: a new lease is counted, no more.
    expect(await leaseDayUnits(app, key, clientId, 5)).toBe(5);
    expect((await report({ counts: [entry(clientId, { count: 9 })] })).statusCode).toBe(204);
    await flush();
    expect((await usageRows(app, clientId))['2026-06-01T09:00:00.000Z nflLive VALID']).toBe(granted + 5);
  });

  it("bounds a key's VALID answers by its own leases of that company's day: not another key's, not another day's", async () => {
    clock.set(NOW);
    const { user, clientId, clientSecret } = await liveToken();
    const other = await createdClient(app, user.token, { label: 'Other', sports: ['nfl'] });
    const otherKey = await newVerifierKey(app, 'a feed that leased nothing');
    await verified(app, key, { secret: clientSecret, judgeLocally: true });
    await verified(app, key, { secret: other.clientSecret, judgeLocally: true });
    await verified(app, otherKey, { secret: clientSecret, judgeLocally: true });
    // Leased yesterday (verified then too): none of it is today's.
    clock.set(new Date('2026-05-31T23:30:00Z'));
    await verified(app, key, { secret: clientSecret, judgeLocally: true });
    expect(await leaseDayUnits(app, key, clientId, 10)).toBe(10);
    clock.set(NOW);
    expect(await leaseDayUnits(app, key, clientId, 6)).toBe(6);
    expect((await report({ counts: [entry(clientId, { count: 4 })] }, otherKey)).statusCode).toBe(204);
    // The company's units, whichever of its tokens they were leased for.
    expect(
      (
        await report({
          counts: [
            entry(clientId, { count: 4 }),
            entry(other.clientId, { count: 4 }),
            entry(clientId, { hour: '2026-05-31T23:00:00.000Z', count: 3 }),
          ],
        })
      ).statusCode,
    ).toBe(204);
    await flush();
    expect(await usageRows(app, clientId)).toEqual({
      '2026-05-31T23:00:00.000Z nflLive VALID': 3,
      '2026-06-01T09:00:00.000Z nflLive VALID': 4,
    });
    expect(await usageRows(app, other.clientId)).toEqual({ '2026-06-01T09:00:00.000Z nflLive VALID': 2 });
  });

  it.each([
    ['no key', null],
    ['an unknown key', withChecksum('dfvk_', 'Q'.repeat(43))],
    ['a session token instead of a key', 'not-a-key'],
  ])('refuses %s with 401', async (_, verifierKey) => {
    clock.set(NOW);
    const { clientId } = await liveToken();
    const response = await report({ counts: [entry(clientId)] }, verifierKey);
    expect(response.statusCode).toBe(401);
    await flush();
    expect(await usageRows(app, clientId)).toEqual({});
  });
});
