// Sessions: a short-lived JWT access token (sub = identity, sid = session) plus a rotating refresh token.
// The session row is the refresh-token family; revoking it ends every token of the family at once, and
// each authenticated request checks it, so revocation holds on every instance immediately.
import { createHash, webcrypto } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type CompanyRole } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import { profiles, refreshTokens, sessions } from '../../../db/schema.ts';
import { addSeconds, type Clock } from '../../../lib/clock.ts';
import { hashToken, newRandomToken } from '../../../lib/random-token.ts';
import { isUuid } from '../../../lib/uuid.ts';
import type { AuditLog, RequestOrigin } from '../audit/audit-log.ts';

const ISSUER = 'datafeeds-portal';
const AUDIENCE = 'datafeeds-portal';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

/**
 * Who is calling (design §2 "Who is calling"): resolved by the session check of every authenticated
 * request in the same single query, so services get the company and role without looking them up again.
 * `companyId` and `role` are null for an identity without a portal profile (it still has to complete
 * the welcome page or accept an invitation).
 */
export interface AuthContext {
  identityId: string;
  sessionId: string;
  companyId: string | null;
  role: CompanyRole | null;
}

/** A caller who belongs to a company: what every company-scoped service takes. */
export interface CompanyCaller extends AuthContext {
  companyId: string;
  role: CompanyRole;
}

/** What a verified access token says, kept to answer its next calls without verifying it again. */
interface VerifiedToken {
  identityId: string;
  sessionId: string;
  /** Its `exp` and `nbf` claims, in seconds: still checked on every call, as jose checks them. */
  exp: number;
  nbf: number | undefined;
}

/** Access tokens verified lately: a token is used for many calls during its 15 minutes. */
const VERIFIED_TOKENS_MAX = 10_000;

export type RefreshOutcome =
  { ok: true; tokens: SessionTokens } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export function createSessionsService(db: Db, clock: Clock, sessionSecret: string, audit: AuditLog) {
  // Imported once: given the raw bytes, jose imports a key for every signature and verification.
  // HS256 only, for signing and verifying.
  const key = webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(sessionSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Every authenticated call runs this one: built once and prepared on each connection, so neither the
  // query builder nor PostgreSQL's parser runs per call. It also reads the caller's company and role
  // (primary-key join), so a role change or a removal holds from the next request on every instance.
  const liveSession = db
    .select({ companyId: profiles.companyId, role: profiles.role })
    .from(sessions)
    .leftJoin(profiles, eq(profiles.identityId, sessions.identityId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.identityId, sql.placeholder('identityId')),
        isNull(sessions.revokedAt),
      ),
    )
    .prepare('sessions_live');
  // A token's signature and claims never change, so once jose has verified a token only its expiry (and
  // not-before) can turn the answer, and those are checked against the clock on every call. Verifying
  // each call again was a tenth of an authenticated call's CPU (profiled). Keyed by the token's SHA-256,
  // so no bearer token sits in a long-lived structure (a heap snapshot, say). The session row is still
  // read on every call: revocation holds at once.
  const verifiedTokens = new LRUCache<string, VerifiedToken>({ max: VERIFIED_TOKENS_MAX });

  async function verifyAccessToken(accessToken: string, now: Date): Promise<VerifiedToken | undefined> {
    const digest = createHash('sha256').update(accessToken).digest('base64url');
    const seconds = Math.floor(now.getTime() / 1000);
    const known = verifiedTokens.get(digest);
    if (known) {
      if (known.exp <= seconds) verifiedTokens.delete(digest);
      return known.exp > seconds && (known.nbf === undefined || known.nbf <= seconds) ? known : undefined;
    }
    let verified: VerifiedToken;
    try {
      const { payload } = await jwtVerify(accessToken, await key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
        // A token without an expiry would never stop working; one without these claims is not ours.
        requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      });
      const { sub: identityId, sid: sessionId } = payload;
      // Shapes checked before they reach a uuid column, where a stranger string is a database error.
      if (!isUuid(identityId) || !isUuid(sessionId)) return undefined;
      verified = { identityId, sessionId, exp: payload.exp as number, nbf: payload.nbf };
    } catch {
      return undefined;
    }
    verifiedTokens.set(digest, verified);
    return verified;
  }

  async function signAccessToken(identityId: string, sessionId: string): Promise<string> {
    const issuedAt = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(identityId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(await key);
  }

  async function addRefreshToken(sessionId: string, executor: Db): Promise<string> {
    const now = clock.now();
    const { token, hash } = newRandomToken();
    await executor.insert(refreshTokens).values({
      sessionId,
      tokenHash: hash,
      createdAt: now,
      expiresAt: addSeconds(now, REFRESH_TOKEN_TTL_SECONDS),
    });
    return token;
  }

  /** Ends a live session; the sign-out is audited with it (a session already ended records nothing). */
  async function revoke(sessionId: string, origin: RequestOrigin): Promise<void> {
    await transaction(db, async (tx) => {
      const [ended] = await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ identityId: sessions.identityId });
      if (!ended) return;
      const context = { ...origin, actor: { kind: 'user', id: ended.identityId } } as const;
      await audit.record(tx, { kind: 'sign_out', context });
    });
  }

  return {
    async start(identityId: string, executor: Db): Promise<SessionTokens> {
      const [session] = await executor
        .insert(sessions)
        .values({ identityId, createdAt: clock.now() })
        .returning({ id: sessions.id });
      if (!session) throw new Error('session insert returned no row');
      const refreshToken = await addRefreshToken(session.id, executor);
      return {
        accessToken: await signAccessToken(identityId, session.id),
        refreshToken,
        sessionId: session.id,
      };
    },

    /** The caller behind a bearer token, or undefined when the token is invalid, expired or revoked. */
    async authenticate(accessToken: string): Promise<AuthContext | undefined> {
      const token = await verifyAccessToken(accessToken, clock.now());
      if (!token) return undefined;
      const { identityId, sessionId } = token;
      const [live] = await liveSession.execute({ sessionId, identityId });
      return live ? { identityId, sessionId, companyId: live.companyId, role: live.role } : undefined;
    },

    /** Rotates a refresh token. Presenting an already-used one means it leaked: the family is revoked. */
    async refresh(refreshToken: string, origin: RequestOrigin): Promise<RefreshOutcome> {
      const now = clock.now();
      return transaction(db, async (tx) => {
        const [row] = await tx
          .select({ token: refreshTokens, session: sessions })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
          .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
        if (!row) return { ok: false, reason: 'unknown' } as const;
        if (row.session.revokedAt) return { ok: false, reason: 'revoked' } as const;
        const claimed = row.token.usedAt
          ? []
          : await tx
              .update(refreshTokens)
              .set({ usedAt: now })
              .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
              .returning({ id: refreshTokens.id });
        if (claimed.length === 0) {
          await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.session.id));
          // The presenter may be the thief or the owner: the session's owner is who the event is about.
          const context = { ...origin, actor: { kind: 'user', id: row.session.identityId } } as const;
          await audit.record(tx, { kind: 'refresh_token.reuse_detected', context });
          return { ok: false, reason: 'reused' } as const;
        }
        if (row.token.expiresAt <= now) return { ok: false, reason: 'expired' } as const;
        const nextRefreshToken = await addRefreshToken(row.session.id, tx);
        return {
          ok: true,
          tokens: {
            accessToken: await signAccessToken(row.session.identityId, row.session.id),
            refreshToken: nextRefreshToken,
            sessionId: row.session.id,
          },
        } as const;
      });
    },

    /** Ends the session a refresh token belongs to (sign-out without a usable access token). */
    async revokeByRefreshToken(refreshToken: string, origin: RequestOrigin): Promise<void> {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
      if (row) await revoke(row.sessionId, origin);
    },

    revoke,

    /** Ends every session of the identity, or every one but `keepSessionId`. */
    async revokeAllFor(identityId: string, keepSessionId: string | undefined, executor: Db): Promise<void> {
      await executor
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(
          and(
            eq(sessions.identityId, identityId),
            isNull(sessions.revokedAt),
            keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
          ),
        );
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
