// Staff sessions (design §11 "Sessions"): a session family (sessions/session-family.ts) like the
// customers', but with its own audience (`datafeeds-console`), tables and cookie, so a token of one kind
// is never accepted by the other. A session ends 8 hours after sign-in however often it is refreshed,
// and no access token outlives it. A disabled member's session stops at once, and its refresh says so.
// Reuse of a spent refresh token ends the session as the customers' does, with no audit event of its own
// (the staff trail records sign-ins, staff-service.ts).
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ACCESS_TOKEN_TTL_SECONDS, STAFF_SESSION_TTL_SECONDS, type StaffRole } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { staffMembers, staffRefreshTokens, staffSessions } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createSessionFamily, type SessionTokens } from '../sessions/index.ts';

export type StaffSessionTokens = SessionTokens;

/** Who is calling a console call. */
export interface StaffCaller {
  staffId: string;
  sessionId: string;
  email: string;
  role: StaffRole;
}

export function createStaffSessions(db: Db, clock: Clock, sessionSecret: string) {
  const family = createSessionFamily({
    db,
    clock,
    secret: sessionSecret,
    audience: 'datafeeds-console',
    tables: { sessions: staffSessions, refreshTokens: staffRefreshTokens, owner: 'staffId' },
    accessLifetimeSeconds: ACCESS_TOKEN_TTL_SECONDS,
    refreshLifetime: { seconds: STAFF_SESSION_TTL_SECONDS, from: 'sign-in' },
    /** A live session, its account not disabled. */
    async live({ subject: staffId, sessionId }, now): Promise<StaffCaller | undefined> {
      const [live] = await db
        .select({ email: staffMembers.email, role: staffMembers.role })
        .from(staffSessions)
        .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.id, sessionId),
            eq(staffSessions.staffId, staffId),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, now),
            isNull(staffMembers.disabledAt),
          ),
        );
      return live ? { staffId, sessionId, email: live.email, role: live.role } : undefined;
    },
    /**
     * A token of a member disabled since answers 'disabled', so that the console's open tab can say why
     * it was signed out (design §11 "Ways back"): only who held that member's session learns it.
     */
    async refuseOwner(executor, staffId) {
      const [member] = await executor
        .select({ disabledAt: staffMembers.disabledAt })
        .from(staffMembers)
        .where(eq(staffMembers.id, staffId));
      return member?.disabledAt ? ('disabled' as const) : undefined;
    },
  });

  return {
    start: family.start,
    /** The staff member behind a console access token: live session, account not disabled. */
    authenticate: family.authenticate,
    /** The next tokens, 'disabled' for a member disabled since, or undefined when the token is no good. */
    async refresh(refreshToken: string): Promise<StaffSessionTokens | 'disabled' | undefined> {
      const outcome = await family.refresh(refreshToken, undefined);
      if (outcome.ok) return outcome.tokens;
      return outcome.reason === 'disabled' ? 'disabled' : undefined;
    },
    async revokeByRefreshToken(refreshToken: string): Promise<void> {
      await family.revokeByRefreshToken(refreshToken, undefined);
    },
    /** Ends every session of a staff member (disabled, or their authenticator reset). */
    async revokeAllFor(staffId: string, executor: Db): Promise<void> {
      await family.revokeAllFor(staffId, executor);
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
