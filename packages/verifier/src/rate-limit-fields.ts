// The IETF limit fields a data feed sends (design §10 "Limit headers"): `RateLimit-Policy`, the limits a
// token works under, and `RateLimit`, where it stands now, as draft-ietf-httpapi-ratelimit-headers-10
// defines them — Structured Field lists, written by a Structured Fields library. Two policies: "daily",
// the day's limit (the company's quota or the token's lower cap, a UTC day: w=86400), and "burst", the
// company's rate (w=1). A refusal over a limit answers the draft's problem type, naming the policy.
import type { CredentialLimits, LimitStanding, PolicyStanding } from '@datafeeds/domain/credentials';
import { serializeList, type List } from 'structured-headers';

const DAY_SECONDS = 86_400;

export type PolicyName = 'daily' | 'burst';

/** What `RateLimit-Policy` and `RateLimit` describe: each policy's limit, window and standing. */
interface PolicyEntry {
  name: PolicyName;
  limit: number;
  windowSeconds: number;
  remaining: number | null;
  resetSeconds: number;
}

function entries(limits: CredentialLimits, standing: LimitStanding | null): PolicyEntry[] {
  const found: PolicyEntry[] = [];
  const dailyLimit =
    limits.dailyCap === null
      ? limits.dailyQuota
      : limits.dailyQuota === null
        ? limits.dailyCap
        : Math.min(limits.dailyQuota, limits.dailyCap);
  if (dailyLimit !== null) found.push(entry('daily', dailyLimit, DAY_SECONDS, standing?.daily));
  if (limits.ratePerSecond !== null) found.push(entry('burst', limits.ratePerSecond, 1, standing?.burst));
  return found;
}

function entry(
  name: PolicyName,
  limit: number,
  windowSeconds: number,
  standing: PolicyStanding | null | undefined,
): PolicyEntry {
  return {
    name,
    limit,
    windowSeconds,
    remaining: standing?.remaining ?? null,
    resetSeconds: standing?.resetSeconds ?? windowSeconds,
  };
}

function fieldsOf(policies: PolicyEntry[]): Record<string, string> {
  if (policies.length === 0) return {};
  const policy: List = policies.map((item) => [
    item.name,
    new Map([
      ['q', item.limit],
      ['w', item.windowSeconds],
    ]),
  ]);
  // A policy whose standing this node cannot tell yet is described, not guessed.
  const known = policies.filter((item) => item.remaining !== null);
  const current: List = known.map((item) => [
    item.name,
    new Map([
      ['r', item.remaining ?? 0],
      ['t', item.resetSeconds],
    ]),
  ]);
  return {
    'ratelimit-policy': serializeList(policy),
    ...(current.length > 0 ? { ratelimit: serializeList(current) } : {}),
  };
}

/** The fields of an admitted answer: empty for a token without limits. */
export function admittedFields(
  limits: CredentialLimits,
  standing: LimitStanding | null,
): Record<string, string> {
  return fieldsOf(entries(limits, standing));
}

/** The fields of a refusal over `policy`: nothing left of it for `waitSeconds`. */
export function refusedFields(
  policy: PolicyName,
  limit: number,
  waitSeconds: number,
): Record<string, string> {
  const windowSeconds = policy === 'daily' ? DAY_SECONDS : 1;
  return fieldsOf([{ name: policy, limit, windowSeconds, remaining: 0, resetSeconds: waitSeconds }]);
}

/** The draft's problem type for a request over a quota policy (RFC 9457 problem details). */
export const QUOTA_EXCEEDED_PROBLEM = 'https://iana.org/assignments/http-problem-types#quota-exceeded';
