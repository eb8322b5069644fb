// The portal is asked once per secret, without scope or apiType; what a particular feed may read is then
// decided here, on every call, against the clock: a trial token is EXPIRED from the exact second its
// expiry passes, cached or not. The checks follow the portal's own order (expiry, API type, scope).
import type { ApiType, ScopeKey } from '@datafeeds/domain';
import type {
  DeniedCredential,
  RefusedCredential,
  VerifiedCredential,
  VerifyResult,
} from '@datafeeds/domain/credentials';

export interface VerifyOptions {
  /** The feed being read, e.g. 'nflLive'; omitted, any scope will do. */
  scope?: ScopeKey | undefined;
  /** The gateway asking, 'rest' or 'graphql'; omitted, either will do. */
  apiType?: ApiType | undefined;
}

export const MALFORMED: RefusedCredential = Object.freeze({ valid: false, code: 'MALFORMED' });
export const NOT_FOUND: RefusedCredential = Object.freeze({ valid: false, code: 'NOT_FOUND' });
const EXPIRED: RefusedCredential = Object.freeze({ valid: false, code: 'EXPIRED' });

/** A VALID answer with what judging it needs worked out once, so a cache hit allocates nothing. */
export interface KnownCredential {
  answer: VerifiedCredential;
  expiresAtMs: number | null;
  apiTypeDenied: DeniedCredential;
  scopeDenied: DeniedCredential;
}

export function knownCredential(answer: VerifiedCredential): KnownCredential {
  const { clientId } = answer;
  // Frozen: the same object is handed to every caller, and one caller's edit must not reach the next.
  Object.freeze(answer.scopes);
  return {
    answer: Object.freeze(answer),
    expiresAtMs: answer.expiresAt === null ? null : Date.parse(answer.expiresAt),
    apiTypeDenied: Object.freeze({ valid: false, code: 'API_TYPE_DENIED', clientId }),
    scopeDenied: Object.freeze({ valid: false, code: 'SCOPE_DENIED', clientId }),
  };
}

export function judge(
  credential: KnownCredential,
  options: VerifyOptions | undefined,
  nowMs: number,
): VerifyResult {
  if (credential.expiresAtMs !== null && credential.expiresAtMs <= nowMs) return EXPIRED;
  if (options === undefined) return credential.answer;
  if (options.apiType !== undefined && options.apiType !== credential.answer.apiType) {
    return credential.apiTypeDenied;
  }
  if (options.scope !== undefined && !credential.answer.scopes.includes(options.scope)) {
    return credential.scopeDenied;
  }
  return credential.answer;
}
