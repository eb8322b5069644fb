// Admission against a plan's limits where tokens are verified (design §10; how and why in docs/design.md
// "Allowance leases"). Every request admitted anywhere was first granted by the portal's database, in
// leases: a node (a portal instance, a data-feed service running @datafeeds/verifier) holds a few units
// of a company's day and of its current second, spends them without asking anyone, and asks for more
// before they run out. Nothing is ever admitted that was not granted, so the admitted count never passes
// the quota; what sits unspent in other nodes' leases is the bound on refusing early. Written once, free
// of zod and of any I/O but the `lease` function it is given, for the portal and the verifier package.
import { nextUtcDayStartMs, utcDayStartMs } from './plans.ts';
import type { QuotaExceeded, RateLimited, VerifiedCredential } from './verification.ts';

/** What a node asks the portal for: units of the token's day and of the company's current second. */
export interface LeaseRequest {
  clientId: string;
  /** Units of today's quota (the company's, and the token's cap if it has one); 0: none wanted. */
  day: number;
  /** Units of the current second's rate; 0: none wanted. */
  rate: number;
}

/** What the portal granted; less than asked (down to 0) when a limit is reached, and then why. */
export interface LeaseGrant {
  day: number;
  rate: number;
  /** The portal's second (Unix seconds) the rate units were counted in. */
  second: number;
  /** Set when day units were asked and none were left: refused until `resetsAt`. */
  quotaExceeded: { resetsAt: string; limit: number } | null;
  /** Set when rate units were asked and none were left this second. */
  rateLimited: { retryAfterMs: number; limit: number } | null;
  /**
   * Units of the day's limit (the tighter of the company's quota and the token's cap) that no node had
   * been granted once this grant was made; absent when no day units were asked or the day is unlimited
   * (and from portals that do not say).
   */
  dayLeft?: number | null | undefined;
  /** The same for `second`'s rate. */
  rateLeft?: number | null | undefined;
}

/**
 * Where a credential stands against one limit, as a node can tell: the limit, what is left of it and
 * in how many seconds its window starts again (design §10 "Limit headers"). `remaining` is what no node
 * had been granted at this node's last lease plus what this node still holds: no more than is really
 * left, short of it by what other nodes hold; null before this node's first lease of the window.
 */
export interface PolicyStanding {
  limit: number;
  remaining: number | null;
  resetSeconds: number;
}

/** A credential's standing against its day's limit and its rate; null where it has none. */
export interface LimitStanding {
  daily: PolicyStanding | null;
  burst: PolicyStanding | null;
}

/**
 * Units a lease of a day's limit carries: a quarter of a percent. A node fetches the next lease when
 * fewer than half of one are left and has one lease in flight at most, so it never holds more than
 * ⌈size / 2⌉ − 1 + size units of a bucket (under 0.375 % of the quota): with two nodes under 0.75 %,
 * with four under 1.5 % of the quota sits granted but unspent (docs/design.md "Allowance leases").
 */
export function dayLeaseSize(dailyLimit: number): number {
  return Math.max(1, Math.ceil(dailyLimit * 0.0025));
}

/** Units a lease of a second carries: a quarter of the rate, so a busy node asks at most four times a second. */
export function rateLeaseSize(ratePerSecond: number): number {
  return Math.max(1, Math.ceil(ratePerSecond / 4));
}

export type Admission = true | QuotaExceeded | RateLimited;

export interface AllowanceOptions {
  /** Asks the truth for units; a rejection refuses nothing (the caller's error handling decides). */
  lease: (request: LeaseRequest) => Promise<LeaseGrant>;
  /**
   * The node's clock, the one its `admit` calls are given (default Date.now): a lease that arrives is
   * filed in the day and second of this clock, so a node on a clock of its own (the portal's, moved by
   * tests) keeps its units where its admissions look for them.
   */
  now?: () => number;
}

export interface Allowance {
  /**
   * Admits one request of a VALID credential, or refuses it over a limit. Synchronous while the node
   * holds units (the hot path: no allocation); a promise while it waits for a lease.
   */
  admit(credential: VerifiedCredential, nowMs: number): Admission | Promise<Admission>;
  /** Limits changed somewhere (a plan, a cap, an upgrade): forget every refusal held, ask again. */
  limitsChanged(): void;
  /** Where the credential stands at `nowMs`, from what this node holds and last heard (no call). */
  standing(credential: VerifiedCredential, nowMs: number): LimitStanding;
  /** Units held unspent now, for the bound's measurement. */
  readonly heldDayUnits: number;
}

/** Day units held for one company (its uncapped tokens) or one capped token. */
interface DayBucket {
  units: number;
  dayStartMs: number;
  /** A QUOTA_EXCEEDED the portal gave, answered locally until it resets or limits change. */
  exhausted: { resetsAt: string; limit: number } | null;
  /** When `exhausted` resets, by this node's clock: the portal's midnight may come after the node's. */
  exhaustedUntilMs: number;
  leasing: Promise<void> | null;
  /** What no node had been granted of the day at this node's last lease (LeaseGrant.dayLeft). */
  left: number | null;
}

/** Rate units held for one company's current second. */
interface RateBucket {
  units: number;
  second: number;
  /** Rate refused for `second`: answered locally until it ends. */
  refusedLimit: number | null;
  leasing: Promise<void> | null;
  /** What no node had been granted of `second` at this node's last lease (LeaseGrant.rateLeft). */
  left: number | null;
}

export function createAllowance(options: AllowanceOptions): Allowance {
  const now = options.now ?? Date.now;
  const days = new Map<string, DayBucket>();
  const rates = new Map<string, RateBucket>();

  function dayBucket(key: string, nowMs: number): DayBucket {
    const dayStartMs = utcDayStartMs(nowMs);
    let bucket = days.get(key);
    if (!bucket) {
      bucket = { units: 0, dayStartMs, exhausted: null, exhaustedUntilMs: 0, leasing: null, left: null };
      days.set(key, bucket);
    } else if (bucket.dayStartMs !== dayStartMs) {
      // A new UTC day: yesterday's units and refusal are worth nothing.
      bucket.units = 0;
      bucket.dayStartMs = dayStartMs;
      bucket.exhausted = null;
      bucket.left = null;
    }
    return bucket;
  }

  function rateBucket(companyId: string, nowMs: number): RateBucket {
    const second = Math.floor(nowMs / 1000);
    let bucket = rates.get(companyId);
    if (!bucket) {
      bucket = { units: 0, second, refusedLimit: null, leasing: null, left: null };
      rates.set(companyId, bucket);
    } else if (bucket.second !== second) {
      bucket.units = 0;
      bucket.second = second;
      bucket.refusedLimit = null;
      bucket.left = null;
    }
    return bucket;
  }

  /**
   * One lease in flight per bucket: every caller waiting on the same bucket shares it. Day units are asked
   * when `day` is set, rate units when `rate` is; the grant fills both and records a refusal.
   */
  function lease(
    credential: VerifiedCredential,
    day: { bucket: DayBucket; size: number; limit: number } | null,
    rate: { bucket: RateBucket; size: number; limit: number } | null,
  ): Promise<void> {
    const request: LeaseRequest = {
      clientId: credential.clientId,
      day: day ? day.size : 0,
      rate: rate ? rate.size : 0,
    };
    const leasing = options.lease(request).then(
      (grant) => {
        const nowMs = now();
        if (day) {
          day.bucket.leasing = null;
          day.bucket.left = grant.dayLeft ?? null;
          if (grant.day > 0) day.bucket.units += grant.day;
          else {
            // Nothing granted is a refusal even if the portal forgot to say so: never ask in a loop.
            const refusal = grant.quotaExceeded ?? { resetsAt: quotaResetsAt(nowMs), limit: day.limit };
            day.bucket.exhausted = refusal;
            const resetsAtMs = Date.parse(refusal.resetsAt);
            day.bucket.exhaustedUntilMs = Number.isNaN(resetsAtMs) ? nextUtcDayStartMs(nowMs) : resetsAtMs;
          }
        }
        if (rate) {
          rate.bucket.leasing = null;
          // Units of the portal's second are spent in this node's current one: clocks differ, and units
          // thrown away for it would only be asked again.
          const bucket = rateBucket(credential.companyId, nowMs);
          bucket.left = grant.rateLeft ?? null;
          if (grant.rate > 0) bucket.units += grant.rate;
          else bucket.refusedLimit = grant.rateLimited?.limit ?? rate.limit;
        }
      },
      (error: unknown) => {
        if (day) day.bucket.leasing = null;
        if (rate) rate.bucket.leasing = null;
        throw error;
      },
    );
    if (day) day.bucket.leasing = leasing;
    if (rate) rate.bucket.leasing = leasing;
    return leasing;
  }

  function quotaExceeded(clientId: string, exhausted: { resetsAt: string; limit: number }): QuotaExceeded {
    return {
      valid: false,
      code: 'QUOTA_EXCEEDED',
      clientId,
      resetsAt: exhausted.resetsAt,
      limit: exhausted.limit,
    };
  }

  function rateLimited(clientId: string, limit: number, nowMs: number): RateLimited {
    const retryAfterMs = (Math.floor(nowMs / 1000) + 1) * 1000 - nowMs;
    return { valid: false, code: 'RATE_LIMITED', clientId, retryAfterMs, limit };
  }

  async function admitWhenLeased(credential: VerifiedCredential, firstNowMs: number): Promise<Admission> {
    let nowMs = firstNowMs;
    let afterLease = false;
    for (;;) {
      const outcome = tryAdmit(credential, nowMs, afterLease);
      if (outcome !== undefined) return outcome;
      await pendingLease(credential, nowMs);
      nowMs = now();
      afterLease = true;
    }
  }

  /** The lease this credential waits on: the one in flight, or a new one for what it lacks. */
  function pendingLease(credential: VerifiedCredential, nowMs: number): Promise<void> {
    const { limits, companyId, clientId } = credential;
    const dailyLimit = dailyLimitOf(credential);
    const day =
      dailyLimit === null ? null : dayBucket(limits.dailyCap === null ? companyId : clientId, nowMs);
    const rate = limits.ratePerSecond === null ? null : rateBucket(companyId, nowMs);
    const wantsDay = day !== null && day.units === 0;
    const wantsRate = rate !== null && rate.units === 0;
    if (wantsDay && day.leasing) return day.leasing;
    if (wantsRate && rate.leasing) return rate.leasing;
    return lease(
      credential,
      wantsDay && dailyLimit !== null
        ? { bucket: day, size: dayLeaseSize(dailyLimit), limit: dailyLimit }
        : null,
      wantsRate && limits.ratePerSecond !== null
        ? { bucket: rate, size: rateLeaseSize(limits.ratePerSecond), limit: limits.ratePerSecond }
        : null,
    );
  }

  /**
   * Admits or refuses from what is held; undefined when a lease is needed first. `afterLease`: the
   * caller has just had the portal's answer, which stands for this call whatever the clocks say.
   */
  function tryAdmit(
    credential: VerifiedCredential,
    nowMs: number,
    afterLease = false,
  ): Admission | undefined {
    const { limits, companyId, clientId } = credential;
    const dailyLimit = dailyLimitOf(credential);
    const day =
      dailyLimit === null ? null : dayBucket(limits.dailyCap === null ? companyId : clientId, nowMs);
    // Refused only once the units held are spent: they were granted, and left unspent they would be
    // lost to the day (the bound on refusing early counts them as still to be admitted).
    if (day?.exhausted && day.units === 0) {
      if (afterLease || nowMs < day.exhaustedUntilMs) return quotaExceeded(clientId, day.exhausted);
      // Past the portal's midnight by this node's clock, yet the portal said no after this node's own
      // midnight (its clock is behind): ask again on the next call rather than refuse a whole day.
      day.exhausted = null;
    }
    const rate = limits.ratePerSecond === null ? null : rateBucket(companyId, nowMs);
    if (rate?.refusedLimit != null) return rateLimited(clientId, rate.refusedLimit, nowMs);
    if ((day && day.units === 0) || (rate && rate.units === 0)) return undefined;
    if (day) {
      day.units -= 1;
      // Fetch the next lease at half of this one, so a busy node rarely waits for one.
      if (dailyLimit !== null && day.units < dayLeaseSize(dailyLimit) / 2 && !day.leasing && !day.exhausted) {
        const size = dayLeaseSize(dailyLimit);
        lease(credential, { bucket: day, size, limit: dailyLimit }, null).catch(() => undefined);
      }
    }
    if (rate) rate.units -= 1;
    return true;
  }

  return {
    admit(credential, nowMs) {
      const { limits } = credential;
      if (limits.dailyQuota === null && limits.ratePerSecond === null && limits.dailyCap === null)
        return true;
      return tryAdmit(credential, nowMs) ?? admitWhenLeased(credential, nowMs);
    },
    limitsChanged() {
      for (const bucket of days.values()) bucket.exhausted = null;
      for (const bucket of rates.values()) bucket.refusedLimit = null;
    },
    standing(credential, nowMs) {
      const { limits, companyId, clientId } = credential;
      const dailyLimit = dailyLimitOf(credential);
      let daily: PolicyStanding | null = null;
      if (dailyLimit !== null) {
        const bucket = days.get(limits.dailyCap === null ? companyId : clientId);
        const current = bucket !== undefined && bucket.dayStartMs === utcDayStartMs(nowMs);
        const resetSeconds = Math.max(1, Math.ceil((nextUtcDayStartMs(nowMs) - nowMs) / 1000));
        const remaining = !current
          ? null
          : bucket.exhausted && bucket.units === 0
            ? 0
            : bucket.left === null
              ? null
              : Math.min(dailyLimit, bucket.left + bucket.units);
        daily = { limit: dailyLimit, remaining, resetSeconds };
      }
      let burst: PolicyStanding | null = null;
      if (limits.ratePerSecond !== null) {
        const bucket = rates.get(companyId);
        const second = Math.floor(nowMs / 1000);
        const current = bucket !== undefined && bucket.second === second;
        const remaining = !current
          ? null
          : bucket.refusedLimit !== null
            ? 0
            : bucket.left === null
              ? null
              : Math.min(limits.ratePerSecond, bucket.left + bucket.units);
        burst = { limit: limits.ratePerSecond, remaining, resetSeconds: 1 };
      }
      return { daily, burst };
    },
    get heldDayUnits() {
      let held = 0;
      for (const bucket of days.values()) held += bucket.units;
      return held;
    },
  };
}

function dailyLimitOf(credential: VerifiedCredential): number | null {
  const { dailyQuota, dailyCap } = credential.limits;
  if (dailyCap === null) return dailyQuota;
  return dailyQuota === null ? dailyCap : Math.min(dailyQuota, dailyCap);
}

/** When a day's quota resets, as a refusal says it: the next UTC midnight. */
export function quotaResetsAt(nowMs: number): string {
  return new Date(nextUtcDayStartMs(nowMs)).toISOString();
}
