// The allowance truth under concurrency (design §10 "Allowance leases"): leases racing for one company —
// on PostgreSQL from a pool of connections at once, on PGlite one transaction after another — never grant
// together more than the quota, a capped token more than its cap, or a second more than the rate; and
// the rows they lock (company first, then token) never deadlock. Each grant is a slice of the limit at
// most (a quarter percent of a day, a quarter of a second), whatever was asked.
import { describe, expect, it } from 'vitest';
import type { LeaseGrant } from '@datafeeds/domain';
import { buildTestApp } from '../../../helpers/build-test-app.ts';
import { capToken, companyIdOf, putOnPlan } from '../../../helpers/limits.ts';
import { createdClient, verifiedUser } from '../../../helpers/tokens.ts';

const app = await buildTestApp();
const NOW = Date.parse('2026-06-01T12:00:00.500Z');

const sum = (grants: LeaseGrant[], part: 'day' | 'rate') =>
  grants.reduce((total, grant) => total + grant[part], 0);

async function tokens(limits: { dailyQuota: number | null; ratePerSecond: number | null }, count = 2) {
  const user = await verifiedUser(app);
  const created = [];
  for (let index = 0; index < count; index += 1) {
    created.push(await createdClient(app, user.token, { label: `Token ${index}`, sports: ['nfl'] }));
  }
  await putOnPlan(app, await companyIdOf(app, created[0]!.clientId), limits);
  return created.map(({ clientId }) => clientId);
}

describe('allowance truth', () => {
  it('never grants more than the quota in total to many leases at once', async () => {
    const clientIds = await tokens({ dailyQuota: 60, ratePerSecond: null }, 3);
    const grants = await Promise.all(
      Array.from({ length: 90 }, (_, index) =>
        app.allowanceTruth.grant({ clientId: clientIds[index % 3]!, day: 13, rate: 0 }, NOW),
      ),
    );
    const granted = grants.map((grant) => grant!);
    expect(sum(granted, 'day')).toBe(60);
    // Every lease got its slice (one unit of 60) until none was left; the rest were told why.
    expect(granted.filter((grant) => grant.day === 1)).toHaveLength(60);
    expect(granted.filter((grant) => grant.quotaExceeded !== null)).toHaveLength(30);
  });

  it("never grants a capped token more than its cap, while its company's other tokens go on", async () => {
    const [capped, other] = await tokens({ dailyQuota: 1_000, ratePerSecond: null });
    await capToken(app, capped!, 20);
    const grants = (
      await Promise.all(
        Array.from({ length: 80 }, (_, index) =>
          app.allowanceTruth.grant({ clientId: index % 2 ? capped! : other!, day: 7, rate: 0 }, NOW),
        ),
      )
    ).map((grant) => grant!);
    expect(
      sum(
        grants.filter((_, index) => index % 2 === 1),
        'day',
      ),
    ).toBe(20);
    // The company's slices: 3 units of its 1 000 a lease.
    expect(
      sum(
        grants.filter((_, index) => index % 2 === 0),
        'day',
      ),
    ).toBe(120);
    expect(await app.allowanceTruth.grant({ clientId: capped!, day: 1, rate: 0 }, NOW)).toMatchObject({
      day: 0,
      quotaExceeded: { limit: 20 },
    });
    expect(await app.allowanceTruth.grant({ clientId: other!, day: 700, rate: 0 }, NOW)).toMatchObject({
      day: 3,
      quotaExceeded: null,
    });
  });

  it('never grants more than the rate in one second, and the whole rate again in the next', async () => {
    const [clientId] = await tokens({ dailyQuota: null, ratePerSecond: 50 }, 1);
    const race = (atMs: number) =>
      Promise.all(
        Array.from({ length: 40 }, () =>
          app.allowanceTruth.grant({ clientId: clientId!, day: 0, rate: 3 }, atMs),
        ),
      );
    const first = (await race(NOW)).map((grant) => grant!);
    expect(sum(first, 'rate')).toBe(50);
    expect(first.find((grant) => grant.rate === 0)?.rateLimited).toEqual({ retryAfterMs: 500, limit: 50 });
    expect(
      sum(
        (await race(NOW + 1_000)).map((grant) => grant!),
        'rate',
      ),
    ).toBe(50);
  });

  it("keeps a day's count for the day only: the next UTC day grants the whole quota again", async () => {
    const [clientId] = await tokens({ dailyQuota: 3, ratePerSecond: null }, 1);
    const lease = (atMs: number) => app.allowanceTruth.grant({ clientId: clientId!, day: 9, rate: 0 }, atMs);
    for (let unit = 0; unit < 3; unit += 1) expect(await lease(NOW)).toMatchObject({ day: 1 });
    expect(await lease(NOW)).toMatchObject({ day: 0, quotaExceeded: { limit: 3 } });
    const tomorrow = Date.parse('2026-06-02T00:00:00.000Z');
    expect(await lease(tomorrow)).toMatchObject({ day: 1, quotaExceeded: null });
  });

  it('never counts back in time: an instance whose clock is behind counts in the day and second one ahead began', async () => {
    const [clientId] = await tokens({ dailyQuota: 1, ratePerSecond: 1 }, 1);
    const ask = (atIso: string) =>
      app.allowanceTruth.grant({ clientId: clientId!, day: 5, rate: 2 }, Date.parse(atIso));
    expect(await ask('2026-06-03T23:59:59.000Z')).toMatchObject({ day: 1, rate: 1 });
    // An instance ahead starts the 4th; one behind, still on the 3rd, asks next.
    expect(await ask('2026-06-04T00:00:00.100Z')).toMatchObject({ day: 1, rate: 1 });
    expect(await ask('2026-06-03T23:59:59.900Z')).toEqual({
      day: 0,
      rate: 0,
      second: Math.floor(Date.parse('2026-06-04T00:00:00.100Z') / 1000),
      quotaExceeded: { resetsAt: '2026-06-05T00:00:00.000Z', limit: 1 },
      rateLimited: { retryAfterMs: 1_100, limit: 1 },
      dayLeft: 0,
      rateLeft: 0,
    });
  });
});
