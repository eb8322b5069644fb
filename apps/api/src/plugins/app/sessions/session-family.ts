// The one implementation of sessions, for customers (sessions-service.ts, design §2 "Sessions") and staff
// (staff/staff-sessions.ts, design §11 "Sessions"): a short-lived access token (session-jwt.ts) plus a
// rotating refresh token. The session row is the refresh-token family: each refresh spends the token
// presented and issues the next one; presenting a spent token again means it leaked, and ends the whole
// family. Revoking the row ends every token of the family at once, and each authenticated call checks
// the row, so revocation holds on every instance immediately.
//
// Each family brings its own tables, audience, lifetimes, check of a live caller and what reuse and
// sign-out record besides, so the two kinds never accept each other's tokens or share a row.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import type { refreshTokens, sessions, staffRefreshTokens, staffSessions } from '../../../db/schema.ts';
import { addSeconds, type Clock } from '../../../lib/clock.ts';
import { hashToken, newRandomToken } from '../../../lib/random-token.ts';
import { createSessionJwt, type SessionAudience, type VerifiedAccessToken } from './session-jwt.ts';

/** A family's tables, and the column of its sessions that names their owner. */
type SessionFamilyTables =
  | { sessions: typeof sessions; refreshTokens: typeof refreshTokens; owner: 'identityId' }
  | { sessions: typeof staffSessions; refreshTokens: typeof staffRefreshTokens; owner: 'staffId' };

/**
 * How long refresh tokens work: from each one's issue (the refresh token row's `expires_at`), so a
 * session lasts while it is refreshed; or from sign-in (the session row's `expires_at`), so a session
 * ends then however often it is refreshed, and no access token outlives it.
 */
interface RefreshLifetime {
  seconds: number;
  from: 'issue' | 'sign-in';
}

/** A session, as the hooks of its family see it. */
export interface SessionRow {
  id: string;
  ownerId: string;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
  /** When the refresh token stops working: its cookie lives until then. */
  expiresAt: Date;
}

type RefusalReason = 'unknown' | 'expired' | 'revoked' | 'reused';

export type RefreshOutcome<OwnerRefusal extends string = never> =
  { ok: true; tokens: SessionTokens } | { ok: false; reason: RefusalReason | OwnerRefusal };

interface SessionFamilyOptions<Caller, Origin, OwnerRefusal extends string> {
  db: Db;
  clock: Clock;
  secret: string;
  audience: SessionAudience;
  tables: SessionFamilyTables;
  accessLifetimeSeconds: number;
  refreshLifetime: RefreshLifetime;
  /** The caller behind a verified access token, or undefined when its session is not live (any more). */
  live(token: VerifiedAccessToken, now: Date): Promise<Caller | undefined>;
  /**
   * Why an owner's refresh tokens are refused whatever their state (staff: a disabled member), checked
   * first; the token and its family are left as they are.
   */
  refuseOwner?(executor: Db, ownerId: string): Promise<OwnerRefusal | undefined>;
  /** What reuse records besides ending the family, in the transaction that ends it. */
  onReuse?(tx: Db, session: SessionRow, origin: Origin): Promise<void>;
  /** What a sign-out records besides ending the session, in its transaction (none for one ended before). */
  onSignOut?(tx: Db, session: SessionRow, origin: Origin): Promise<void>;
}

export function createSessionFamily<Caller, Origin, OwnerRefusal extends string = never>(
  options: SessionFamilyOptions<Caller, Origin, OwnerRefusal>,
) {
  const { db, clock, tables, refreshLifetime, live, refuseOwner, onReuse, onSignOut } = options;
  const sessionsEnd = 'expiresAt' in tables.sessions;
  if (sessionsEnd !== (refreshLifetime.from === 'sign-in')) {
    throw new Error('a refresh lifetime from sign-in needs sessions with an end, and only that one does');
  }
  const jwt = createSessionJwt(options.secret, clock, options.audience, options.accessLifetimeSeconds);
  const owner = tables.owner === 'identityId' ? tables.sessions.identityId : tables.sessions.staffId;

  async function addRefreshToken(sessionId: string, now: Date, executor: Db) {
    const { token, hash } = newRandomToken();
    const expiresAt = addSeconds(now, refreshLifetime.seconds);
    await executor.insert(tables.refreshTokens).values({
      sessionId,
      tokenHash: hash,
      createdAt: now,
      ...(refreshLifetime.from === 'issue' && { expiresAt }),
    });
    return { token, expiresAt };
  }

  async function issue(session: SessionRow, sessionEnds: Date | undefined, now: Date, executor: Db) {
    const refresh = await addRefreshToken(session.id, now, executor);
    return {
      accessToken: await jwt.sign(session.ownerId, session.id, sessionEnds),
      refreshToken: refresh.token,
      sessionId: session.id,
      expiresAt: sessionEnds ?? refresh.expiresAt,
    };
  }

  /** Ends a live session, with what the family records of a sign-out (nothing for one already ended). */
  async function revoke(sessionId: string, origin: Origin): Promise<void> {
    const end = async (executor: Db) => {
      const [ended] = await executor
        .update(tables.sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(tables.sessions.id, sessionId), isNull(tables.sessions.revokedAt)))
        .returning({ ownerId: owner });
      if (ended && onSignOut) await onSignOut(executor, { id: sessionId, ownerId: ended.ownerId }, origin);
    };
    await (onSignOut ? transaction(db, end) : end(db));
  }

  return {
    /** A new session (a sign-in) for `ownerId`, with its first tokens. */
    async start(ownerId: string, executor: Db): Promise<SessionTokens> {
      const now = clock.now();
      const sessionEnds =
        refreshLifetime.from === 'sign-in' ? addSeconds(now, refreshLifetime.seconds) : undefined;
      const [session] = await executor
        .insert(tables.sessions)
        .values({ [tables.owner]: ownerId, createdAt: now, ...(sessionEnds && { expiresAt: sessionEnds }) })
        .returning({ id: tables.sessions.id });
      if (!session) throw new Error('session insert returned no row');
      return issue({ id: session.id, ownerId }, sessionEnds, now, executor);
    },

    /** The caller behind an access token; undefined when it is invalid, expired or its session not live. */
    async authenticate(accessToken: string): Promise<Caller | undefined> {
      const now = clock.now();
      const token = await jwt.verify(accessToken, now);
      return token ? live(token, now) : undefined;
    },

    /** Spends a refresh token for the next one. Presenting a spent one means it leaked: the family ends. */
    async refresh(refreshToken: string, origin: Origin): Promise<RefreshOutcome<OwnerRefusal>> {
      const now = clock.now();
      return transaction(db, async (tx) => {
        const [row] = await tx
          .select({ token: tables.refreshTokens, session: tables.sessions, ownerId: owner })
          .from(tables.refreshTokens)
          .innerJoin(tables.sessions, eq(tables.sessions.id, tables.refreshTokens.sessionId))
          .where(eq(tables.refreshTokens.tokenHash, hashToken(refreshToken)));
        if (!row) return { ok: false, reason: 'unknown' } as const;
        const refused = refuseOwner && (await refuseOwner(tx, row.ownerId));
        if (refused) return { ok: false, reason: refused } as const;
        const session = { id: row.session.id, ownerId: row.ownerId };
        const sessionEnds = 'expiresAt' in row.session ? row.session.expiresAt : undefined;
        if (row.session.revokedAt) return { ok: false, reason: 'revoked' } as const;
        if (sessionEnds && sessionEnds <= now) return { ok: false, reason: 'expired' } as const;
        const claimed = row.token.usedAt
          ? []
          : await tx
              .update(tables.refreshTokens)
              .set({ usedAt: now })
              .where(and(eq(tables.refreshTokens.id, row.token.id), isNull(tables.refreshTokens.usedAt)))
              .returning({ id: tables.refreshTokens.id });
        if (claimed.length === 0) {
          await tx.update(tables.sessions).set({ revokedAt: now }).where(eq(tables.sessions.id, session.id));
          if (onReuse) await onReuse(tx, session, origin);
          return { ok: false, reason: 'reused' } as const;
        }
        // Checked once the token is spent: an expired token presented again counts as reuse.
        if ('expiresAt' in row.token && row.token.expiresAt <= now)
          return { ok: false, reason: 'expired' } as const;
        return { ok: true, tokens: await issue(session, sessionEnds, now, tx) } as const;
      });
    },

    revoke,

    /** Ends the session a refresh token belongs to (sign-out without a usable access token). */
    async revokeByRefreshToken(refreshToken: string, origin: Origin): Promise<void> {
      const [row] = await db
        .select({ sessionId: tables.refreshTokens.sessionId })
        .from(tables.refreshTokens)
        .where(eq(tables.refreshTokens.tokenHash, hashToken(refreshToken)));
      if (row) await revoke(row.sessionId, origin);
    },

    /** Ends every live session of `ownerId`, or every one but `keepSessionId`. */
    async revokeAllFor(ownerId: string, executor: Db, keepSessionId?: string): Promise<void> {
      await executor
        .update(tables.sessions)
        .set({ revokedAt: clock.now() })
        .where(
          and(
            eq(owner, ownerId),
            isNull(tables.sessions.revokedAt),
            keepSessionId ? ne(tables.sessions.id, keepSessionId) : undefined,
          ),
        );
    },
  };
}
