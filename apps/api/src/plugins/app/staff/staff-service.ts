// Staff accounts (design §11 "Staff accounts"): created, listed, disabled and reset by the operator CLI;
// set up by the member through the emailed link; signed in with password and TOTP code (RFC 6238) or a
// recovery code. Failed sign-ins are counted per account before they are checked, atomically across
// instances (auth/failure-counters.ts), so 5 failures lock the account for 15 minutes everywhere.
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
  type StaffSetupProblem,
} from '@datafeeds/domain';
import { postgresErrorOf, type Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import { staffMembers, staffRecoveryCodes, staffSetupLinks } from '../../../db/schema.ts';
import { addSeconds, type Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import { hashToken, newRandomToken } from '../../../lib/random-token.ts';
import type { FailureCounters } from '../auth/failure-counters.ts';
import { OPERATOR_CONTEXT, type AuditLog } from '../audit/audit-log.ts';
import type { Mailer } from '../mail/mailer.ts';
import { staffSetupEmail } from '../mail/templates.ts';
import type { PasswordHasher } from '../users/password-hasher.ts';
import { refuseCommonPassword } from '../users/common-passwords.ts';
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
  email: string;
  role: StaffRole;
  state: 'active' | 'setup pending' | 'disabled';
  createdAt: Date;
}

const setupProblem = (problem: StaffSetupProblem) =>
  new AppError(problem === 'setup_link_invalid' ? 404 : 410, problem, STAFF_SETUP_PROBLEM_MESSAGES[problem]);
const signInRefused = () => new AppError(401, ERROR_CODES.invalidCredentials, STAFF_MESSAGES.signInRefused);
const locked = (retryAfterSeconds: number) =>
  new AppError(429, ERROR_CODES.rateLimited, STAFF_MESSAGES.locked, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

export function createStaffService(deps: StaffDeps) {
  const { db, clock, appUrl, hasher, sessions, mailer, audit, totpSecrets, failures } = deps;
  const normalise = (email: string) => email.trim().toLowerCase();

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

  return {
    /** Creates the account and emails its setup link; undefined when the email is taken. */
    async create(email: string, role: StaffRole): Promise<{ id: string } | undefined> {
      try {
        return await transaction(db, async (tx) => {
          const [staff] = await tx
            .insert(staffMembers)
            .values({ email: normalise(email), role, createdAt: clock.now() })
            .returning();
          if (!staff) throw new Error('staff insert returned no row');
          await issueSetupLink(tx, staff, false);
          const detail = { staffId: staff.id, email: staff.email, role };
          await audit.record(tx, {
            kind: 'staff.created',
            context: OPERATOR_CONTEXT,
            companyId: null,
            detail,
          });
          return { id: staff.id };
        });
      } catch (error) {
        if (postgresErrorOf(error)?.code === '23505') return undefined;
        throw error;
      }
    },

    async list(): Promise<StaffListEntry[]> {
      const rows = await db.select().from(staffMembers).orderBy(asc(staffMembers.email));
      return rows.map((row) => ({
        email: row.email,
        role: row.role,
        state: row.disabledAt ? 'disabled' : row.totpSecret ? 'active' : 'setup pending',
        createdAt: row.createdAt,
      }));
    },

    /** Disables the account and ends its sessions; false when no enabled account has this email. */
    async disable(email: string): Promise<boolean> {
      return transaction(db, async (tx) => {
        const [staff] = await tx
          .update(staffMembers)
          .set({ disabledAt: clock.now() })
          .where(and(eq(staffMembers.email, normalise(email)), isNull(staffMembers.disabledAt)))
          .returning();
        if (!staff) return false;
        await sessions.revokeAllFor(staff.id, tx);
        await tx
          .update(staffSetupLinks)
          .set({ consumedAt: clock.now() })
          .where(and(eq(staffSetupLinks.staffId, staff.id), isNull(staffSetupLinks.consumedAt)));
        const detail = { staffId: staff.id, email: staff.email };
        await audit.record(tx, {
          kind: 'staff.disabled',
          context: OPERATOR_CONTEXT,
          companyId: null,
          detail,
        });
        return true;
      });
    },

    /**
     * Forgets the authenticator and recovery codes, ends the sessions and emails a new setup link: the
     * member signs in again only after enrolling anew. False when no enabled account has this email.
     */
    async resetMfa(email: string): Promise<boolean> {
      return transaction(db, async (tx) => {
        const [staff] = await tx
          .update(staffMembers)
          .set({ totpSecret: null, totpLastStep: null })
          .where(and(eq(staffMembers.email, normalise(email)), isNull(staffMembers.disabledAt)))
          .returning();
        if (!staff) return false;
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staff.id));
        await sessions.revokeAllFor(staff.id, tx);
        await issueSetupLink(tx, staff, true);
        const detail = { staffId: staff.id, email: staff.email };
        await audit.record(tx, {
          kind: 'staff.mfa_reset',
          context: OPERATOR_CONTEXT,
          companyId: null,
          detail,
        });
        return true;
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
    async completeSetup(token: string, password: string, code: string): Promise<string[]> {
      const { link } = await usableLink(db, token);
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
      });
      return codes;
    },

    /**
     * Email, password and code. Every attempt is counted as a failure before it is checked (atomically,
     * across instances) and forgiven on success; at the limit the account is refused for the window.
     * A disabled account is told so only once its password and code were right.
     */
    async login(email: string, password: string, code: string): Promise<StaffSessionTokens> {
      const key = `staff-sign-in:${normalise(email)}`;
      const reservation = await failures.reserve(key, STAFF_SIGN_IN_FAILURE_LIMIT, STAFF_LOCKOUT_SECONDS);
      if (!reservation.allowed) throw locked(reservation.retryAfterSeconds);
      const staff = await findByEmail(db, email);
      const passwordRight = await hasher.verify(staff?.passwordHash, password);
      if (!staff || !passwordRight || !(await spendCode(staff, code))) throw signInRefused();
      await failures.reset(key);
      if (staff.disabledAt) throw new AppError(403, ERROR_CODES.forbidden, STAFF_MESSAGES.staffDisabled);
      return sessions.start(staff.id, db);
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
