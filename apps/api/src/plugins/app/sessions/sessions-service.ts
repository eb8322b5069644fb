// Sessions: a short-lived JWT access token (sub = identity, sid = session) plus a rotating refresh token.
// The session row is the refresh-token family; revoking it ends every token of the family at once, and
// each authenticated request checks it, so revocation holds on every instance immediately.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_SECONDS, type CompanyRole } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import { profiles, refreshTokens, sessions } from '../../../db/schema.ts';
import { addSeconds, type Clock } from '../../../lib/clock.ts';
import { hashToken, newRandomToken } from '../../../lib/random-token.ts';
import type { AuditLog, RequestOrigin } from '../audit/audit-log.ts';
import { createSessionJwt } from './session-jwt.ts';

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

export type RefreshOutcome =
  { ok: true; tokens: SessionTokens } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export function createSessionsService(db: Db, clock: Clock, sessionSecret: string, audit: AuditLog) {
  const jwt = createSessionJwt(sessionSecret, clock, 'datafeeds-portal');
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
        accessToken: await jwt.sign(identityId, session.id),
        refreshToken,
        sessionId: session.id,
      };
    },

    /** The caller behind a bearer token, or undefined when the token is invalid, expired or revoked. */
    async authenticate(accessToken: string): Promise<AuthContext | undefined> {
      const token = await jwt.verify(accessToken, clock.now());
      if (!token) return undefined;
      const { subject: identityId, sessionId } = token;
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
            accessToken: await jwt.sign(row.session.identityId, row.session.id),
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
