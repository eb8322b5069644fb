// Customers' sessions (design §2 "Sessions"): a session family (session-family.ts) with the audience
// `datafeeds-portal`, the `sessions` and `refresh_tokens` tables, a 15-minute access token and refresh
// tokens that each work for 30 days from their issue, so a session lasts while it is refreshed. Reuse of
// a spent refresh token and each sign-out are audited; the session check reads the caller's company and
// role with it.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, type CompanyRole } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { profiles, refreshTokens, sessions } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AuditLog, RequestOrigin } from '../audit/index.ts';
import { createSessionFamily, type SessionRow } from './session-family.ts';

export type { SessionTokens } from './session-family.ts';

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

export function createSessionsService(db: Db, clock: Clock, sessionSecret: string, audit: AuditLog) {
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
  /** The session's owner is who an event is about, whoever presented the token. */
  const recorded =
    (kind: 'sign_out' | 'refresh_token.reuse_detected') =>
    (tx: Db, session: SessionRow, origin: RequestOrigin) =>
      audit.record(tx, { kind, context: { ...origin, actor: { kind: 'user', id: session.ownerId } } });

  const family = createSessionFamily({
    db,
    clock,
    secret: sessionSecret,
    audience: 'datafeeds-portal',
    tables: { sessions, refreshTokens, owner: 'identityId' },
    accessLifetimeSeconds: ACCESS_TOKEN_TTL_SECONDS,
    refreshLifetime: { seconds: REFRESH_TOKEN_TTL_SECONDS, from: 'issue' },
    async live({ subject: identityId, sessionId }): Promise<AuthContext | undefined> {
      const [live] = await liveSession.execute({ sessionId, identityId });
      return live ? { identityId, sessionId, companyId: live.companyId, role: live.role } : undefined;
    },
    onReuse: recorded('refresh_token.reuse_detected'),
    onSignOut: recorded('sign_out'),
  });

  return {
    start: family.start,
    /** The caller behind a bearer token, or undefined when the token is invalid, expired or revoked. */
    authenticate: family.authenticate,
    refresh: family.refresh,
    revokeByRefreshToken: family.revokeByRefreshToken,
    /** Ends a live session; the sign-out is audited with it (a session already ended records nothing). */
    revoke: family.revoke,
    /** Ends every session of the identity, or every one but `keepSessionId`. */
    async revokeAllFor(identityId: string, keepSessionId: string | undefined, executor: Db): Promise<void> {
      await family.revokeAllFor(identityId, executor, keepSessionId);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
