// The answer for a credential the portal found (design §8 codes, most final first): what only the portal
// knows — disabled, suspended, expired, pending — then the rule a data feed applies too (domain). Shared
// by verification and by the allowance lease, which grants only to a credential that verifies.
import {
  EXPIRED_ANSWER,
  isPastExpiry,
  judgeVerified,
  type VerifyFor,
  type VerifyResult,
} from '@datafeeds/domain';
import type { KnownCredential } from './credential-lookup.ts';

const PENDING: VerifyResult = Object.freeze({ valid: false, code: 'PENDING' });
const INACTIVE: VerifyResult = Object.freeze({ valid: false, code: 'INACTIVE' });

export function judgeKnown(credential: KnownCredential, request: VerifyFor, nowMs: number): VerifyResult {
  if (credential.suspended || credential.status === 'inactive') return INACTIVE;
  if (credential.status === 'expired' || isPastExpiry(credential, nowMs)) return EXPIRED_ANSWER;
  if (credential.status === 'pending') return PENDING;
  return judgeVerified(credential, request, nowMs);
}
