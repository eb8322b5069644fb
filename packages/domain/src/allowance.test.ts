import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAllowance,
  dayLeaseSize,
  rateLeaseSize,
  type Admission,
  type LeaseGrant,
  type LeaseRequest,
} from './allowance.ts';
import type { CredentialLimits, VerifiedCredential } from './verification.ts';

const NOON = Date.parse('2026-11-26T12:00:00.000Z');

function credential(limits: Partial<CredentialLimits>, clientId = 'dfc_a'): VerifiedCredential {
  return {
    valid: true,
    code: 'VALID',
    clientId,
    companyId: 'company-1',
    companyName: 'Acme',
    accountStatus: 'trial',
    apiType: 'rest',
    scopes: ['nfl'],
    expiresAt: null,
    limits: { plan: 'trial', dailyQuota: null, ratePerSecond: null, dailyCap: null, ...limits },
  };
}

/** The truth as the portal keeps it: grants never take the day past the quota nor a second past the rate. */
function truth(limits: { quota: number | null; rate: number | null; caps?: Record<string, number> }) {
  let dayGranted = 0;
  const capGranted = new Map<string, number>();
  const secondGranted = new Map<number, number>();
  const requests: LeaseRequest[] = [];
  const lease = vi.fn(async (request: LeaseRequest): Promise<LeaseGrant> => {
    requests.push(request);
    await Promise.resolve();
    const second = Math.floor(Date.now() / 1000);
    const cap = limits.caps?.[request.clientId];
    const dayLeft = Math.min(
      limits.quota === null ? Infinity : limits.quota - dayGranted,
      cap === undefined ? Infinity : cap - (capGranted.get(request.clientId) ?? 0),
    );
    const day = Math.min(request.day, dayLeft);
    dayGranted += day;
    if (cap !== undefined) capGranted.set(request.clientId, (capGranted.get(request.clientId) ?? 0) + day);
    const rateLeft = limits.rate === null ? Infinity : limits.rate - (secondGranted.get(second) ?? 0);
    const rate = Math.min(request.rate, rateLeft);
    secondGranted.set(second, (secondGranted.get(second) ?? 0) + rate);
    return {
      day,
      rate,
      second,
      dayLeft: request.day > 0 && dayLeft !== Infinity ? dayLeft - day : null,
      rateLeft: request.rate > 0 && rateLeft !== Infinity ? rateLeft - rate : null,
      quotaExceeded:
        request.day > 0 && day === 0
          ? {
              resetsAt: '2026-11-27T00:00:00.000Z',
              limit: Math.min(limits.quota ?? Infinity, cap ?? Infinity),
            }
          : null,
      rateLimited:
        request.rate > 0 && rate === 0
          ? { retryAfterMs: 1000 - (Date.now() % 1000), limit: limits.rate ?? 0 }
          : null,
    };
  });
  return { lease, requests, granted: () => dayGranted };
}

async function admitMany(admit: () => Admission | Promise<Admission>, count: number) {
  const outcomes = await Promise.all(Array.from({ length: count }, () => admit()));
  return {
    admitted: outcomes.filter((outcome) => outcome === true).length,
    refused: outcomes.filter((outcome) => outcome !== true) as Exclude<Admission, true>[],
  };
}

describe('allowance', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOON, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('admits a credential without limits at once, asking nobody', () => {
    const { lease } = truth({ quota: null, rate: null });
    const allowance = createAllowance({ lease });
    expect(allowance.admit(credential({}), Date.now())).toBe(true);
    expect(lease).not.toHaveBeenCalled();
  });

  it('tells where a credential stands: what no node was granted plus what this node holds, 0 once refused', async () => {
    const { lease } = truth({ quota: 1_000, rate: 20 });
    const allowance = createAllowance({ lease });
    const token = credential({ dailyQuota: 1_000, ratePerSecond: 20 });
    // Before any lease of the day this node cannot tell what is left.
    expect(allowance.standing(token, Date.now())).toEqual({
      daily: { limit: 1_000, remaining: null, resetSeconds: 43_200 },
      burst: { limit: 20, remaining: null, resetSeconds: 1 },
    });
    expect(await allowance.admit(token, Date.now())).toBe(true);
    // Leased 3 of the day (997 left at the portal) and 5 of the second (15 left); one of each spent.
    expect(allowance.standing(token, Date.now())).toEqual({
      daily: { limit: 1_000, remaining: 999, resetSeconds: 43_200 },
      burst: { limit: 20, remaining: 19, resetSeconds: 1 },
    });
    const { refused } = await admitMany(() => allowance.admit(token, Date.now()), 40);
    expect(refused[0]).toMatchObject({ code: 'RATE_LIMITED' });
    expect(allowance.standing(token, Date.now()).burst?.remaining).toBe(0);
    vi.setSystemTime(NOON + 1_000);
    expect(allowance.standing(token, Date.now()).burst?.remaining).toBeNull();
  });

  it('counts a capped token against the tighter of its cap and the quota', async () => {
    const { lease } = truth({ quota: 1_000, rate: null, caps: { dfc_capped: 10 } });
    const allowance = createAllowance({ lease });
    const capped = credential({ dailyQuota: 1_000, dailyCap: 10 }, 'dfc_capped');
    await admitMany(() => allowance.admit(capped, Date.now()), 10);
    expect(allowance.standing(capped, Date.now()).daily).toEqual({
      limit: 10,
      remaining: 0,
      resetSeconds: 43_200,
    });
    expect(await allowance.admit(capped, Date.now())).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(allowance.standing(capped, Date.now()).daily?.remaining).toBe(0);
  });

  it('sizes leases at a quarter percent of the day and a quarter of the rate, at least one', () => {
    expect(dayLeaseSize(100_000)).toBe(250);
    expect(dayLeaseSize(10)).toBe(1);
    expect(rateLeaseSize(50)).toBe(13);
    expect(rateLeaseSize(1)).toBe(1);
  });

  it('admits exactly the quota, then refuses QUOTA_EXCEEDED with when it resets, without asking again', async () => {
    const { lease, granted } = truth({ quota: 1_000, rate: null });
    const allowance = createAllowance({ lease });
    const token = credential({ dailyQuota: 1_000 });
    const { admitted, refused } = await admitMany(() => allowance.admit(token, Date.now()), 1_200);
    expect(admitted).toBe(1_000);
    expect(granted()).toBe(1_000);
    expect(refused[0]).toEqual({
      valid: false,
      code: 'QUOTA_EXCEEDED',
      clientId: 'dfc_a',
      resetsAt: '2026-11-27T00:00:00.000Z',
      limit: 1_000,
    });
    const calls = lease.mock.calls.length;
    expect(allowance.admit(token, Date.now())).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(lease.mock.calls.length).toBe(calls);
  });

  it('spends held units synchronously and fetches the next lease at half of one', async () => {
    const { lease } = truth({ quota: 100_000, rate: null });
    const allowance = createAllowance({ lease });
    const token = credential({ dailyQuota: 100_000 });
    await allowance.admit(token, Date.now());
    expect(lease).toHaveBeenCalledTimes(1);
    // 249 units left of 250: synchronous until half a lease is spent, then one lease ahead.
    for (let index = 0; index < 130; index += 1) expect(allowance.admit(token, Date.now())).toBe(true);
    expect(lease).toHaveBeenCalledTimes(2);
    await Promise.resolve();
    await Promise.resolve();
    expect(allowance.heldDayUnits).toBeGreaterThan(250);
  });

  it('shares one company quota between tokens, and holds a capped token to its cap', async () => {
    const { lease, granted } = truth({ quota: 500, rate: null, caps: { dfc_staging: 50 } });
    const allowance = createAllowance({ lease });
    const staging = credential({ dailyQuota: 500, dailyCap: 50 }, 'dfc_staging');
    const production = credential({ dailyQuota: 500 }, 'dfc_production');
    const capped = await admitMany(() => allowance.admit(staging, Date.now()), 80);
    expect(capped.admitted).toBe(50);
    expect(capped.refused[0]).toMatchObject({ code: 'QUOTA_EXCEEDED', clientId: 'dfc_staging', limit: 50 });
    const rest = await admitMany(() => allowance.admit(production, Date.now()), 500);
    expect(rest.admitted).toBe(450);
    expect(granted()).toBe(500);
  });

  it('admits the rate within a second, refuses RATE_LIMITED with the wait, and admits again the next second', async () => {
    const { lease } = truth({ quota: null, rate: 10 });
    const allowance = createAllowance({ lease });
    const token = credential({ ratePerSecond: 10 });
    const first = await admitMany(() => allowance.admit(token, Date.now()), 25);
    expect(first.admitted).toBe(10);
    expect(first.refused[0]).toEqual({
      valid: false,
      code: 'RATE_LIMITED',
      clientId: 'dfc_a',
      retryAfterMs: 1000,
      limit: 10,
    });
    vi.setSystemTime(NOON + 1_000);
    const next = await admitMany(() => allowance.admit(token, Date.now()), 25);
    expect(next.admitted).toBe(10);
  });

  it('starts a new day with a new quota', async () => {
    let quotaUsed = 0;
    const lease = vi.fn(async (request: LeaseRequest): Promise<LeaseGrant> => {
      const day = Math.min(request.day, 3 - quotaUsed);
      quotaUsed += day;
      return {
        day,
        rate: 0,
        second: 0,
        quotaExceeded: day === 0 ? { resetsAt: '2026-11-27T00:00:00.000Z', limit: 3 } : null,
        rateLimited: null,
      };
    });
    const allowance = createAllowance({ lease });
    const token = credential({ dailyQuota: 3 });
    expect((await admitMany(() => allowance.admit(token, Date.now()), 5)).admitted).toBe(3);
    vi.setSystemTime(Date.parse('2026-11-27T00:00:01.000Z'));
    quotaUsed = 0;
    expect((await admitMany(() => allowance.admit(token, Date.now()), 5)).admitted).toBe(3);
  });

  it("does not hold a refusal past the portal's midnight when the node's clock runs ahead of it", async () => {
    let portalDay = '2026-11-26';
    const lease = vi.fn(async (): Promise<LeaseGrant> =>
      portalDay === '2026-11-26'
        ? {
            day: 0,
            rate: 0,
            second: 0,
            // The portal's clock is still on the 26th: its day ends at the midnight the node has passed.
            quotaExceeded: { resetsAt: '2026-11-27T00:00:00.000Z', limit: 3 },
            rateLimited: null,
          }
        : { day: 1, rate: 0, second: 0, quotaExceeded: null, rateLimited: null },
    );
    const allowance = createAllowance({ lease });
    const token = credential({ dailyQuota: 3 });
    vi.setSystemTime(Date.parse('2026-11-27T00:00:00.200Z'));
    expect(await allowance.admit(token, Date.now())).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(lease).toHaveBeenCalledTimes(1); // the portal's answer stands for the call that asked
    portalDay = '2026-11-27';
    expect(await allowance.admit(token, Date.now())).toBe(true);
  });

  it('asks again after limits changed (an upgrade lifts a refusal held)', async () => {
    const limits = { quota: 2 as number | null, rate: null };
    const { lease } = truth(limits);
    const allowance = createAllowance({ lease });
    expect(
      (await admitMany(() => allowance.admit(credential({ dailyQuota: 2 }), Date.now()), 4)).admitted,
    ).toBe(2);
    limits.quota = null;
    allowance.limitsChanged();
    // The portal's next answer carries the new limits: unlimited, nothing to count.
    expect(allowance.admit(credential({ dailyQuota: null }), Date.now())).toBe(true);
    // A raised quota: the held refusal is forgotten and the truth asked again.
    limits.quota = 10;
    expect(await allowance.admit(credential({ dailyQuota: 10 }), Date.now())).toBe(true);
  });

  it('spends the units it holds before refusing when the lease fetched ahead found none left', async () => {
    const refusal = { resetsAt: '2026-11-27T00:00:00.000Z', limit: 1_000 };
    const lease = vi
      .fn<(request: LeaseRequest) => Promise<LeaseGrant>>()
      .mockResolvedValueOnce({ day: 3, rate: 0, second: 0, quotaExceeded: null, rateLimited: null })
      // Other nodes took the rest of the day meanwhile.
      .mockResolvedValue({ day: 0, rate: 0, second: 0, quotaExceeded: refusal, rateLimited: null });
    const allowance = createAllowance({ lease });
    const token = credential({ dailyQuota: 1_000 });
    expect(await allowance.admit(token, Date.now())).toBe(true);
    expect(allowance.admit(token, Date.now())).toBe(true); // one left: the next lease is asked ahead
    await Promise.resolve();
    await Promise.resolve();
    expect(lease).toHaveBeenCalledTimes(2);
    expect(allowance.admit(token, Date.now())).toBe(true); // the last unit held, granted all the same
    expect(allowance.admit(token, Date.now())).toMatchObject({ code: 'QUOTA_EXCEEDED', ...refusal });
    expect(lease).toHaveBeenCalledTimes(2);
  });

  it('files a lease in the second of the clock it is given, so the units are spent without waiting', async () => {
    const nodeNow = Date.parse('2026-03-01T10:00:00.500Z'); // not the machine's time (NOON)
    const lease = vi.fn(async (request: LeaseRequest): Promise<LeaseGrant> => ({
      day: 0,
      rate: request.rate,
      second: Math.floor(nodeNow / 1000),
      quotaExceeded: null,
      rateLimited: null,
    }));
    const allowance = createAllowance({ lease, now: () => nodeNow });
    const token = credential({ ratePerSecond: 40 });
    expect(await allowance.admit(token, nodeNow)).toBe(true);
    // The other 9 of the lease's 10 units: synchronous answers, no lease asked.
    for (let index = 0; index < 9; index += 1) expect(allowance.admit(token, nodeNow)).toBe(true);
    expect(lease).toHaveBeenCalledTimes(1);
  });

  it('passes a failed lease on to the caller and tries again on the next call', async () => {
    const lease = vi
      .fn<(request: LeaseRequest) => Promise<LeaseGrant>>()
      .mockRejectedValueOnce(new Error('portal unreachable'))
      .mockResolvedValue({ day: 5, rate: 0, second: 0, quotaExceeded: null, rateLimited: null });
    const allowance = createAllowance({ lease });
    const token = credential({ dailyQuota: 1_000 });
    await expect(allowance.admit(token, Date.now())).rejects.toThrow('portal unreachable');
    expect(await allowance.admit(token, Date.now())).toBe(true);
  });

  it('never admits more than granted when a grant says nothing was left but not why', async () => {
    const lease = vi.fn(async (): Promise<LeaseGrant> => ({
      day: 0,
      rate: 0,
      second: 0,
      quotaExceeded: null,
      rateLimited: null,
    }));
    const allowance = createAllowance({ lease });
    expect(await allowance.admit(credential({ dailyQuota: 7 }), Date.now())).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      limit: 7,
    });
    expect(lease).toHaveBeenCalledTimes(1);
  });
});
