// The access tokens of both kinds of session (customers' design §2, staff's design §11 "Sessions"): a
// short-lived HS256 JWT (sub = the person, sid = the session) for one audience. Each session family
// (session-family.ts) builds its own with its audience, so verification on one side refuses the other's
// tokens; the session row behind a token is the family's to check.
import { createHash, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../../lib/clock.ts';
import { isUuid } from '../../../lib/uuid.ts';

const ISSUER = 'datafeeds-portal';

/** The customers' audience, and the console's. */
export type SessionAudience = 'datafeeds-portal' | 'datafeeds-console';

/** What a verified access token says. */
export interface VerifiedAccessToken {
  subject: string;
  sessionId: string;
  /** Its `exp` and `nbf` claims, in seconds: still checked on every call, as jose checks them. */
  exp: number;
  nbf: number | undefined;
}

/** Access tokens verified lately: a token is used for many calls during its 15 minutes. */
const VERIFIED_TOKENS_MAX = 10_000;

export function createSessionJwt(
  sessionSecret: string,
  clock: Clock,
  audience: SessionAudience,
  lifetimeSeconds: number,
) {
  // Imported once: given the raw bytes, jose imports a key for every signature and verification.
  // HS256 only, for signing and verifying.
  const key = webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(sessionSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A token's signature and claims never change, so once jose has verified a token only its expiry (and
  // not-before) can turn the answer, and those are checked against the clock on every call. Verifying
  // each call again was a tenth of an authenticated call's CPU (profiled). Keyed by the token's SHA-256,
  // so no bearer token sits in a long-lived structure (a heap snapshot, say).
  const verifiedTokens = new LRUCache<string, VerifiedAccessToken>({ max: VERIFIED_TOKENS_MAX });

  return {
    /** A token for the session, expiring in `lifetimeSeconds` or at `notAfter`, if sooner. */
    async sign(subject: string, sessionId: string, notAfter?: Date): Promise<string> {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const expiresAt = issuedAt + lifetimeSeconds;
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(subject)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(notAfter ? Math.min(expiresAt, Math.floor(notAfter.getTime() / 1000)) : expiresAt)
        .sign(await key);
    },

    /** The token's subject and session when it is one of this audience's and live at `now`. */
    async verify(accessToken: string, now: Date): Promise<VerifiedAccessToken | undefined> {
      const digest = createHash('sha256').update(accessToken).digest('base64url');
      const seconds = Math.floor(now.getTime() / 1000);
      const known = verifiedTokens.get(digest);
      if (known) {
        if (known.exp <= seconds) verifiedTokens.delete(digest);
        return known.exp > seconds && (known.nbf === undefined || known.nbf <= seconds) ? known : undefined;
      }
      let verified: VerifiedAccessToken;
      try {
        const { payload } = await jwtVerify(accessToken, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience,
          currentDate: now,
          // A token without an expiry would never stop working; one without these claims is not ours.
          requiredClaims: ['exp', 'iat', 'sub', 'sid'],
        });
        const { sub: subject, sid: sessionId } = payload;
        // Shapes checked before they reach a uuid column, where a stranger string is a database error.
        if (!isUuid(subject) || !isUuid(sessionId)) return undefined;
        verified = { subject, sessionId, exp: payload.exp as number, nbf: payload.nbf };
      } catch {
        return undefined;
      }
      verifiedTokens.set(digest, verified);
      return verified;
    },
  };
}
