// How a credential the portal has called VALID is judged for one call (design §8), written once for the
// portal's cache and for @datafeeds/verifier's: expiry against the clock first — a trial token is
// EXPIRED from the exact second its expiry passes, cached or not — then the gateway's API type, then
// the feed's scope. Everything an answer needs is worked out once, so judging a cache hit allocates
// nothing.
import type { ApiType } from './sports.ts';
import type { ScopeKey } from './scopes.ts';
import type {
  DeniedCredential,
  RefusedCredential,
  VerifiedCredential,
  VerifyResult,
} from './verification.ts';

/** What one call asks of a credential: the feed it reads and the gateway it came through (both optional). */
export interface VerifyFor {
  scope?: ScopeKey | undefined;
  apiType?: ApiType | undefined;
}

export const EXPIRED_ANSWER: RefusedCredential = Object.freeze({ valid: false, code: 'EXPIRED' });

export interface JudgedCredential {
  answer: VerifiedCredential;
  expiresAtMs: number | null;
  apiTypeDenied: DeniedCredential;
  scopeDenied: DeniedCredential;
}

export function prepareVerified(answer: VerifiedCredential): JudgedCredential {
  const { clientId } = answer;
  // Frozen: the same objects are handed to every caller, and one caller's edit must not reach the next.
  Object.freeze(answer.scopes);
  return {
    answer: Object.freeze(answer),
    expiresAtMs: answer.expiresAt === null ? null : Date.parse(answer.expiresAt),
    apiTypeDenied: Object.freeze({ valid: false, code: 'API_TYPE_DENIED', clientId }),
    scopeDenied: Object.freeze({ valid: false, code: 'SCOPE_DENIED', clientId }),
  };
}

export function isPastExpiry(credential: Pick<JudgedCredential, 'expiresAtMs'>, nowMs: number): boolean {
  return credential.expiresAtMs !== null && credential.expiresAtMs <= nowMs;
}

export function judgeVerified(
  credential: JudgedCredential,
  request: VerifyFor | undefined,
  nowMs: number,
): VerifyResult {
  if (isPastExpiry(credential, nowMs)) return EXPIRED_ANSWER;
  if (request === undefined) return credential.answer;
  if (request.apiType !== undefined && request.apiType !== credential.answer.apiType) {
    return credential.apiTypeDenied;
  }
  if (request.scope !== undefined && !credential.answer.scopes.includes(request.scope)) {
    return credential.scopeDenied;
  }
  return credential.answer;
}
