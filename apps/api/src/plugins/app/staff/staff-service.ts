// Staff accounts (design §11 "Staff accounts"): created, listed, disabled and reset by the operator CLI
// and by administrators in the console (one code path, the actor given by the caller's AuditContext);
// set up by the member through the emailed link; signed in with password and TOTP code (RFC 6238) or a
// recovery code. Failed sign-ins are counted per account before they are checked, atomically across
// instances (auth/failure-counters.ts), so 5 failures lock the account for 15 minutes everywhere. The
// setup, each sign-in and each failed one are audited (no company: the provider team's own trail).
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  ERROR_CODES,
  STAFF_LOCKOUT_SECONDS,
  STAFF_MESSAGES,
  STAFF_SETUP_PROBLEM_MESSAGES,
  STAFF_SETUP_TTL_SECONDS,
  STAFF_SIGN_IN_FAILURE_LIMIT,
  type StaffRole,
  type StaffSetup,
  type StaffState,
  type StaffSetupProblem,
} from '@datafeeds/domain';
import { postgresErrorOf, type Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import { staffMembers, staffRecoveryCodes, staffSetupLinks } from '../../../db/schema.ts';
import { addSeconds, type Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import { hashToken, newRandomToken } from '../../../lib/random-token.ts';
import { isUuid } from '../../../lib/uuid.ts';
import type { FailureCounters } from '../auth/index.ts';
import { staffContext, type AuditContext, type AuditLog, type RequestOrigin } from '../audit/index.ts';
import { type Mailer, staffSetupEmail } from '../mail/index.ts';
import { type PasswordHasher, refuseCommonPassword } from '../users/index.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import type { StaffSessionTokens, StaffSessions } from './staff-sessions.ts';
import type { TotpSecrets } from './totp-secrets.ts';

const TOTP_ISSUER = 'DataFeeds console';
/** A code of the step before or after the current one is accepted too (clocks drift a little). */
const TOTP_TOLERANCE_SECONDS = 30;

export interface StaffDeps {
  db: Db;
  clock: Clock;
  appUrl: string;
  hasher: PasswordHasher;
  sessions: StaffSessions;
  mailer: Mailer;
  audit: AuditLog;
  totpSecrets: TotpSecrets;
  /** Failed sign-ins per account. */
  failures: FailureCounters;
}

export interface StaffListEntry {
  id: string;
  email: string;
  role: StaffRole;
  state: StaffState;
  /** Until when failed sign-ins lock the account out; null when they do not. */
  lockedUntil: Date | null;
  createdAt: Date;
}

/** A staff account as the CLI names it (its email) or the console (its id). */
export type StaffReference = { id: string } | { email: string };

/** Why a sign-in was refused, as the audit row's detail says. */
export type StaffSignInFailure = 'unknown_email' | 'wrong_password' | 'wrong_code' | 'locked' | 'disabled';

const setupProblem = (problem: StaffSetupProblem) =>
  new AppError(problem === 'setup_link_invalid' ? 404 : 410, problem, STAFF_SETUP_PROBLEM_MESSAGES[problem]);
const signInRefused = (message: string = STAFF_MESSAGES.signInRefused) =>
  new AppError(401, ERROR_CODES.invalidCredentials, message);
const locked = (retryAfterSeconds: number) =>
  new AppError(429, ERROR_CODES.rateLimited, STAFF_MESSAGES.locked, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

export function createStaffService(deps: StaffDeps) {
  const { db, clock, appUrl, hasher, sessions, mailer, audit, totpSecrets, failures } = deps;
  const normalise = (email: string) => email.trim().toLowerCase();
  /** The failed sign-ins counted for an email (tried, so unknown ones too), the lockout's one counter. */
  const signInKey = (email: string) => `staff-sign-in:${normalise(email)}`;

  /** When the account's lockout ends, if it is locked out now. */
  async function lockedUntil(email: string): Promise<Date | null> {
    const { count, ttlSeconds } = await failures.get(signInKey(email));
    return count >= STAFF_SIGN_IN_FAILURE_LIMIT && ttlSeconds > 0
      ? new Date(clock.now().getTime() + ttlSeconds * 1000)
      : null;
  }

  /** A new link (older ones stop working) with a fresh secret to enrol, emailed in the same transaction. */
  async function issueSetupLink(
    tx: Db,
    staff: { id: string; email: string; role: StaffRole },
    reset: boolean,
  ) {
    const now = clock.now();
    await tx
      .update(staffSetupLinks)
      .set({ consumedAt: now })
      .where(and(eq(staffSetupLinks.staffId, staff.id), isNull(staffSetupLinks.consumedAt)));
    const { token, hash } = newRandomToken();
    await tx.insert(staffSetupLinks).values({
      staffId: staff.id,
      tokenHash: hash,
      totpSecret: totpSecrets.seal(generateSecret()),
      createdAt: now,
      expiresAt: addSeconds(now, STAFF_SETUP_TTL_SECONDS),
    });
    await mailer.send(staffSetupEmail(staff.email, appUrl, token, { role: staff.role, reset }), tx);
  }

  async function findByEmail(executor: Db, email: string) {
    const [row] = await executor
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.email, normalise(email)));
    return row;
  }

  /** The link's row, or the reason it cannot be used. */
  async function usableLink(executor: Db, token: string) {
    const [row] = await executor
      .select({ link: staffSetupLinks, staff: staffMembers })
      .from(staffSetupLinks)
      .innerJoin(staffMembers, eq(staffMembers.id, staffSetupLinks.staffId))
      .where(eq(staffSetupLinks.tokenHash, hashToken(token)));
    if (!row || row.staff.disabledAt) throw setupProblem('setup_link_invalid');
    if (row.link.consumedAt) throw setupProblem('setup_link_used');
    if (row.link.expiresAt <= clock.now()) throw setupProblem('setup_link_expired');
    return row;
  }

  /** The time step a code matches, or undefined (wrong, or of a step already used). */
  async function matchTotp(sealedSecret: string, code: string, afterTimeStep: number | null) {
    const result = await verify({
      secret: totpSecrets.open(sealedSecret),
      token: code,
      epoch: Math.floor(clock.now().getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(afterTimeStep === null ? {} : { afterTimeStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  }

  /** Spends the code: a TOTP step moves forward once (a replay finds it taken), a recovery code once. */
  async function spendCode(staff: typeof staffMembers.$inferSelect, code: string): Promise<boolean> {
    if (!staff.totpSecret) return false;
    if (/^\d{6}$/.test(code)) {
      const step = await matchTotp(staff.totpSecret, code, staff.totpLastStep);
      if (step === undefined) return false;
      const claimed = await db
        .update(staffMembers)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(staffMembers.id, staff.id),
            or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step)),
          ),
        )
        .returning({ id: staffMembers.id });
      return claimed.length === 1;
    }
    const used = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: clock.now() })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, staff.id),
          eq(staffRecoveryCodes.codeHash, recoveryCodeHash(code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    return used.length === 1;
  }

  /** The account, locked until the caller's transaction ends, so two changes of one member queue. */
  async function lockedStaff(tx: Db, which: StaffReference) {
    if ('id' in which && !isUuid(which.id)) return undefined;
    const [row] = await tx
      .select()
      .from(staffMembers)
      .where('id' in which ? eq(staffMembers.id, which.id) : eq(staffMembers.email, normalise(which.email)))
      .for('update');
    return row;
  }

  /** The account by id or email, read without a lock (for what is kept outside the database). */
  async function staffRow(which: StaffReference) {
    const [row] = await db
      .select()
      .from(staffMembers)
      .where('id' in which ? eq(staffMembers.id, which.id) : eq(staffMembers.email, normalise(which.email)));
    return row;
  }

  /** A refused sign-in, for the trail: the member as actor when the email is theirs, else the email tried. */
  async function recordFailedSignIn(
    staff: { id: string; email: string } | undefined,
    emailTried: string,
    reason: StaffSignInFailure,
    origin: RequestOrigin,
  ) {
    await audit.record(db, {
      kind: 'staff.sign_in_failed',
      context: staff ? staffContext(staff, origin) : { actor: { kind: 'system' }, ...origin },
      companyId: null,
      ...(staff ? {} : { actorEmail: emailTried }),
      detail: { reason },
    });
  }

  return {
    /** Creates the account and emails its setup link; undefined when the email is taken. */
    async create(
      email: string,
      role: StaffRole,
      context: AuditContext,
    ): Promise<{ id: string; email: string } | undefined> {
      try {
        return await transaction(db, async (tx) => {
          const [staff] = await tx
            .insert(staffMembers)
            .values({ email: normalise(email), role, createdAt: clock.now() })
            .returning();
          if (!staff) throw new Error('staff insert returned no row');
          await issueSetupLink(tx, staff, false);
          const detail = { staffId: staff.id, email: staff.email, role };
          await audit.record(tx, { kind: 'staff.created', context, companyId: null, detail });
          return { id: staff.id, email: staff.email };
        });
      } catch (error) {
        if (postgresErrorOf(error)?.code === '23505') return undefined;
        throw error;
      }
    },

    async list(): Promise<StaffListEntry[]> {
      const rows = await db.select().from(staffMembers).orderBy(asc(staffMembers.email));
      // One counter read per member: the provider team is a handful of people.
      return Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          email: row.email,
          role: row.role,
          state: row.disabledAt ? 'disabled' : row.totpSecret ? 'active' : 'setup_pending',
          lockedUntil: await lockedUntil(row.email),
          createdAt: row.createdAt,
        })),
      );
    },

    /**
     * Disables the account, ends its sessions and voids its setup link. A staff member acting (the
     * console) cannot disable their own account: a slip would lock them out with no way back in.
     */
    async disable(
      which: StaffReference,
      context: AuditContext,
    ): Promise<{ email: string } | 'not_found' | 'yourself' | 'already_disabled'> {
      return transaction(db, async (tx) => {
        const staff = await lockedStaff(tx, which);
        if (!staff) return 'not_found';
        if (context.actor.kind === 'staff' && context.actor.id === staff.id) return 'yourself';
        if (staff.disabledAt) return 'already_disabled';
        const now = clock.now();
        await tx.update(staffMembers).set({ disabledAt: now }).where(eq(staffMembers.id, staff.id));
        await sessions.revokeAllFor(staff.id, tx);
        await tx
          .update(staffSetupLinks)
          .set({ consumedAt: now })
          .where(and(eq(staffSetupLinks.staffId, staff.id), isNull(staffSetupLinks.consumedAt)));
        const detail = { staffId: staff.id, email: staff.email };
        await audit.record(tx, { kind: 'staff.disabled', context, companyId: null, detail });
        return { email: staff.email };
      });
    },

    /**
     * Lets a disabled member sign in again with the password and authenticator they had. One disabled
     * before finishing the setup had its link voided then, so a new one is emailed.
     */
    async enable(
      which: StaffReference,
      context: AuditContext,
    ): Promise<{ email: string; setupLinkSent: boolean } | 'not_found' | 'not_disabled'> {
      return transaction(db, async (tx) => {
        const staff = await lockedStaff(tx, which);
        if (!staff) return 'not_found';
        if (!staff.disabledAt) return 'not_disabled';
        await tx.update(staffMembers).set({ disabledAt: null }).where(eq(staffMembers.id, staff.id));
        const setupLinkSent = !staff.totpSecret;
        if (setupLinkSent) await issueSetupLink(tx, staff, false);
        const detail = {
          staffId: staff.id,
          email: staff.email,
          ...(setupLinkSent ? { setupLink: 'sent' } : {}),
        };
        await audit.record(tx, { kind: 'staff.enabled', context, companyId: null, detail });
        return { email: staff.email, setupLinkSent };
      });
    },

    /**
     * Forgets the failed sign-ins that locked the member out, so they may try again before the 15
     * minutes are up (the administrator vouches for them: they lost count, not their authenticator).
     */
    async unlock(
      which: StaffReference,
      context: AuditContext,
    ): Promise<{ email: string } | 'not_found' | 'not_locked'> {
      const staff = 'id' in which && !isUuid(which.id) ? undefined : await staffRow(which);
      if (!staff) return 'not_found';
      if (!(await lockedUntil(staff.email))) return 'not_locked';
      await failures.reset(signInKey(staff.email));
      const detail = { staffId: staff.id, email: staff.email };
      await audit.record(db, { kind: 'staff.unlocked', context, companyId: null, detail });
      return { email: staff.email };
    },

    /**
     * Forgets the authenticator and recovery codes, ends the sessions and emails a new setup link: the
     * member signs in again only after enrolling anew. A disabled account has nothing to reset.
     */
    async resetMfa(
      which: StaffReference,
      context: AuditContext,
    ): Promise<{ email: string } | 'not_found' | 'disabled'> {
      return transaction(db, async (tx) => {
        const staff = await lockedStaff(tx, which);
        if (!staff) return 'not_found';
        if (staff.disabledAt) return 'disabled';
        await tx
          .update(staffMembers)
          .set({ totpSecret: null, totpLastStep: null })
          .where(eq(staffMembers.id, staff.id));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staff.id));
        await sessions.revokeAllFor(staff.id, tx);
        await issueSetupLink(tx, staff, true);
        const detail = { staffId: staff.id, email: staff.email };
        await audit.record(tx, { kind: 'staff.mfa_reset', context, companyId: null, detail });
        return { email: staff.email };
      });
    },

    async getSetup(token: string): Promise<StaffSetup> {
      const { link, staff } = await usableLink(db, token);
      const secret = totpSecrets.open(link.totpSecret);
      return {
        email: staff.email,
        role: staff.role,
        totpSecret: secret,
        otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: staff.email, secret }),
      };
    },

    /** Sets the password and the authenticator; answers the recovery codes, this once. */
    async completeSetup(
      token: string,
      password: string,
      code: string,
      origin: RequestOrigin,
    ): Promise<string[]> {
      const { link, staff } = await usableLink(db, token);
      const step = await matchTotp(link.totpSecret, code, null);
      if (step === undefined) {
        throw new AppError(400, ERROR_CODES.validation, STAFF_MESSAGES.wrongSetupCode, [
          { field: 'code', message: STAFF_MESSAGES.wrongSetupCode },
        ]);
      }
      refuseCommonPassword(password, 'password');
      const passwordHash = await hasher.hash(password);
      const codes = newRecoveryCodes();
      await transaction(db, async (tx) => {
        const [claimed] = await tx
          .update(staffSetupLinks)
          .set({ consumedAt: clock.now() })
          .where(and(eq(staffSetupLinks.id, link.id), isNull(staffSetupLinks.consumedAt)))
          .returning({ staffId: staffSetupLinks.staffId });
        if (!claimed) throw setupProblem('setup_link_used');
        // The setup code's step counts as used: it cannot sign in afterwards.
        await tx
          .update(staffMembers)
          .set({ passwordHash, totpSecret: link.totpSecret, totpLastStep: step })
          .where(eq(staffMembers.id, claimed.staffId));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, claimed.staffId));
        await tx
          .insert(staffRecoveryCodes)
          .values(codes.map((each) => ({ staffId: claimed.staffId, codeHash: recoveryCodeHash(each) })));
        await audit.record(tx, {
          kind: 'staff.setup_completed',
          context: staffContext({ id: claimed.staffId, email: staff.email }, origin),
          companyId: null,
        });
      });
      return codes;
    },

    /**
     * Email, password and code. Every attempt is counted as a failure before it is checked (atomically,
     * across instances) and forgiven on success; at the limit the account is refused for the window.
     * A disabled account is told so only once its password and code were right.
     */
    async login(
      email: string,
      password: string,
      code: string,
      origin: RequestOrigin,
    ): Promise<StaffSessionTokens> {
      const tried = normalise(email);
      const key = signInKey(tried);
      const refused = async (
        staff: typeof staffMembers.$inferSelect | undefined,
        reason: StaffSignInFailure,
      ) => {
        await recordFailedSignIn(staff, tried, reason, origin);
        // Warned before the attempt that locks the account, and told when one did (design §11). Any
        // email tried is counted alike, so the warning tells nothing about which emails are staff's.
        const { count } = await failures.get(key);
        const left = STAFF_SIGN_IN_FAILURE_LIMIT - count;
        if (left === 1) return signInRefused(STAFF_MESSAGES.signInRefusedLastAttempt);
        if (left <= 0) return signInRefused(STAFF_MESSAGES.signInRefusedNowLocked);
        return signInRefused();
      };
      const reservation = await failures.reserve(key, STAFF_SIGN_IN_FAILURE_LIMIT, STAFF_LOCKOUT_SECONDS);
      if (!reservation.allowed) {
        await recordFailedSignIn(await findByEmail(db, email), tried, 'locked', origin);
        throw locked(reservation.retryAfterSeconds);
      }
      const staff = await findByEmail(db, email);
      // The hash is checked even for an unknown email, so the answer takes as long either way.
      const passwordRight = await hasher.verify(staff?.passwordHash, password);
      if (!staff) throw await refused(undefined, 'unknown_email');
      if (!passwordRight) throw await refused(staff, 'wrong_password');
      if (!(await spendCode(staff, code))) throw await refused(staff, 'wrong_code');
      await failures.reset(key);
      if (staff.disabledAt) {
        await recordFailedSignIn(staff, tried, 'disabled', origin);
        throw new AppError(403, ERROR_CODES.forbidden, STAFF_MESSAGES.staffDisabled);
      }
      return transaction(db, async (tx) => {
        const tokens = await sessions.start(staff.id, tx);
        await audit.record(tx, {
          kind: 'staff.signed_in',
          context: staffContext(staff, origin),
          companyId: null,
          // Which second factor: a recovery code spent is worth seeing in the trail.
          detail: { code: /^\d{6}$/.test(code) ? 'authenticator' : 'recovery_code' },
        });
        return tokens;
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
