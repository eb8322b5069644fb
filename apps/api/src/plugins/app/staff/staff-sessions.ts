// Staff sessions (design §11): like the customers' (sessions/sessions-service.ts) a short-lived JWT
// (sessions/session-jwt.ts) plus a rotating refresh token, but with their own audience, tables and
// cookie, so a token of one kind is never accepted by the other. A session ends 8 hours after sign-in, however often it is refreshed.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { STAFF_SESSION_TTL_SECONDS, type StaffRole } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import { staffMembers, staffRefreshTokens, staffSessions } from '../../../db/schema.ts';
import { addSeconds, type Clock } from '../../../lib/clock.ts';
import { hashToken, newRandomToken } from '../../../lib/random-token.ts';
import { createSessionJwt } from '../sessions/session-jwt.ts';

export interface StaffSessionTokens {
  accessToken: string;
  refreshToken: string;
  /** When the session ends: the refresh cookie lives until then. */
  expiresAt: Date;
}

/** Who is calling a console call. */
export interface StaffCaller {
  staffId: string;
  sessionId: string;
  email: string;
  role: StaffRole;
}

export function createStaffSessions(db: Db, clock: Clock, sessionSecret: string) {
  const jwt = createSessionJwt(sessionSecret, clock, 'datafeeds-console');

  async function addRefreshToken(sessionId: string, executor: Db): Promise<string> {
    const { token, hash } = newRandomToken();
    await executor.insert(staffRefreshTokens).values({ sessionId, tokenHash: hash, createdAt: clock.now() });
    return token;
  }

  return {
    async start(staffId: string, executor: Db): Promise<StaffSessionTokens> {
      const now = clock.now();
      const expiresAt = addSeconds(now, STAFF_SESSION_TTL_SECONDS);
      const [session] = await executor
        .insert(staffSessions)
        .values({ staffId, createdAt: now, expiresAt })
        .returning({ id: staffSessions.id });
      if (!session) throw new Error('staff session insert returned no row');
      return {
        accessToken: await jwt.sign(staffId, session.id, expiresAt),
        refreshToken: await addRefreshToken(session.id, executor),
        expiresAt,
      };
    },

    /** The staff member behind a console access token: live session, account not disabled. */
    async authenticate(accessToken: string): Promise<StaffCaller | undefined> {
      const now = clock.now();
      const token = await jwt.verify(accessToken, now);
      if (!token) return undefined;
      const { subject: staffId, sessionId } = token;
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
     * Rotates a refresh token; an already-used one means it leaked, and ends its session. A token of a
     * member disabled since answers 'disabled', so that the console's open tab can say why it was signed
     * out (design §11 "Ways back"): only who held that member's session learns it.
     */
    async refresh(refreshToken: string): Promise<StaffSessionTokens | 'disabled' | undefined> {
      const now = clock.now();
      return transaction(db, async (tx) => {
        const [row] = await tx
          .select({ token: staffRefreshTokens, session: staffSessions, disabledAt: staffMembers.disabledAt })
          .from(staffRefreshTokens)
          .innerJoin(staffSessions, eq(staffSessions.id, staffRefreshTokens.sessionId))
          .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
          .where(eq(staffRefreshTokens.tokenHash, hashToken(refreshToken)));
        if (row?.disabledAt) return 'disabled';
        if (!row || row.session.revokedAt || row.session.expiresAt <= now) return undefined;
        const claimed = await tx
          .update(staffRefreshTokens)
          .set({ usedAt: now })
          .where(and(eq(staffRefreshTokens.id, row.token.id), isNull(staffRefreshTokens.usedAt)))
          .returning({ id: staffRefreshTokens.id });
        if (claimed.length === 0) {
          await tx.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.id, row.session.id));
          return undefined;
        }
        return {
          accessToken: await jwt.sign(row.session.staffId, row.session.id, row.session.expiresAt),
          refreshToken: await addRefreshToken(row.session.id, tx),
          expiresAt: row.session.expiresAt,
        };
      });
    },

    async revokeByRefreshToken(refreshToken: string): Promise<void> {
      const [row] = await db
        .select({ sessionId: staffRefreshTokens.sessionId })
        .from(staffRefreshTokens)
        .where(eq(staffRefreshTokens.tokenHash, hashToken(refreshToken)));
      if (row) {
        await db
          .update(staffSessions)
          .set({ revokedAt: clock.now() })
          .where(and(eq(staffSessions.id, row.sessionId), isNull(staffSessions.revokedAt)));
      }
    },

    /** Ends every session of a staff member (disabled, or their authenticator reset). */
    async revokeAllFor(staffId: string, executor: Db): Promise<void> {
      await executor
        .update(staffSessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
