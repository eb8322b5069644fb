// What a particular feed may read is decided here, on every call, against the clock: the portal is asked
// once per secret, without scope or apiType, and its VALID answer judged by the rule the portal itself
// uses (`@datafeeds/domain/credentials`: expiry, API type, scope).
import {
  judgeVerified,
  prepareVerified,
  type JudgedCredential,
  type RefusedCredential,
  type VerifyFor,
} from '@datafeeds/domain/credentials';

export type VerifyOptions = VerifyFor;
export type KnownCredential = JudgedCredential;

export const MALFORMED: RefusedCredential = Object.freeze({ valid: false, code: 'MALFORMED' });
export const NOT_FOUND: RefusedCredential = Object.freeze({ valid: false, code: 'NOT_FOUND' });

export const knownCredential = prepareVerified;
export const judge = judgeVerified;
