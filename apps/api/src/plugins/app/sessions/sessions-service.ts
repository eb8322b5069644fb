// Sessions: a short-lived JWT access token (sub = identity, sid = session) plus a rotating refresh token.
// The session row is the refresh-token family; revoking it ends every token of the family at once, and
// each authenticated request checks it, so revocation holds on every instance immediately.
import { and, eq, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { refreshTokens, sessions } from '../../../db/schema.ts';
import { addSeconds, type Clock } from '../../../lib/clock.ts';
import { hashToken, newRandomToken } from '../../../lib/random-token.ts';
import { isUuid } from '../../../lib/uuid.ts';

const ISSUER = 'datafeeds-portal';
const AUDIENCE = 'datafeeds-portal';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

export interface AuthContext {
  identityId: string;
  sessionId: string;
}

export type RefreshOutcome =
  { ok: true; tokens: SessionTokens } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export function createSessionsService(db: Db, clock: Clock, sessionSecret: string) {
  const key = new TextEncoder().encode(sessionSecret);

  async function signAccessToken(identityId: string, sessionId: string): Promise<string> {
    const issuedAt = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(identityId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(key);
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

  async function revoke(sessionId: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  return {
    async start(identityId: string, executor: Db = db): Promise<SessionTokens> {
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
      let identityId: string | undefined;
      let sessionId: unknown;
      try {
        const { payload } = await jwtVerify(accessToken, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          // A token without an expiry would never stop working; one without these claims is not ours.
          requiredClaims: ['exp', 'iat', 'sub', 'sid'],
        });
        identityId = payload.sub;
        sessionId = payload.sid;
      } catch {
        return undefined;
      }
      // Shapes checked before they reach a uuid column, where a stranger string is a database error.
      if (!isUuid(identityId) || !isUuid(sessionId)) return undefined;
      const [live] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(eq(sessions.id, sessionId), eq(sessions.identityId, identityId), isNull(sessions.revokedAt)),
        );
      return live ? { identityId, sessionId } : undefined;
    },

    /** Rotates a refresh token. Presenting an already-used one means it leaked: the family is revoked. */
    async refresh(refreshToken: string): Promise<RefreshOutcome> {
      const now = clock.now();
      return db.transaction(async (tx) => {
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
    async revokeByRefreshToken(refreshToken: string): Promise<void> {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
      if (row) await revoke(row.sessionId);
    },

    revoke,

    /** Ends every session of the identity, or every one but `keepSessionId`. */
    async revokeAllFor(identityId: string, keepSessionId?: string, executor: Db = db): Promise<void> {
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
