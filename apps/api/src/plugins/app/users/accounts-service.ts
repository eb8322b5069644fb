// The account flows of design §2: registration, sign-in, profile completion and update. Routes call
// these; they validate nothing themselves (the schemas did). Recovery flows live in recovery-service.ts.
import {
  ERROR_CODES,
  MESSAGES,
  ROLE_REFUSALS,
  roleMay,
  type RegisterRequest,
  type User,
  wrongPasswordMessage,
} from '@datafeeds/domain';
import { postgresErrorOf, type Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import { AppError, forbidden, profileNotFound } from '../../../lib/errors.ts';
import type { LoginThrottle } from '../auth/index.ts';
import type { AuditContext, RequestOrigin } from '../audit/index.ts';
import { verificationEmail } from '../mail/index.ts';
import type { AuthContext, SessionTokens } from '../sessions/index.ts';
import { confirmRole, type CompaniesRepository } from '../companies/index.ts';
import type { TeamRepository } from '../team/index.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import type { UserServiceDeps } from './service-deps.ts';
import {
  EMAIL_UNIQUE_INDEX,
  USERNAME_UNIQUE_INDEX,
  type Identity,
  type ProfileFields,
} from './users-repository.ts';

/** What any registration asks for: the new identity's sign-in. */
interface NewIdentity {
  email: string;
  username: string;
  password: string;
}

export interface AccountsDeps extends UserServiceDeps {
  loginThrottle: LoginThrottle;
  /** A new account's company, and its renames (the company's rows are that module's). */
  companies: Pick<CompaniesRepository, 'create' | 'renameCompanyOf'>;
  /** The person's profile in the company (the team module writes profiles). */
  team: Pick<TeamRepository, 'addMember' | 'updateProfile'>;
}

const hasProfile = () => new AppError(409, ERROR_CODES.conflict, 'This account already has a profile.');

const TAKEN = {
  email: { code: ERROR_CODES.emailTaken, message: MESSAGES.emailTaken },
  username: { code: ERROR_CODES.usernameTaken, message: MESSAGES.usernameTaken },
} as const;

/**
 * One 409 naming every taken field, so the form marks both at once; its code and message are the
 * first's (the email's when both are taken).
 */
function taken(...fields: (keyof typeof TAKEN)[]): AppError {
  const [first = 'email'] = fields;
  return new AppError(
    409,
    TAKEN[first].code,
    TAKEN[first].message,
    fields.map((field) => ({ field, message: TAKEN[field].message })),
  );
}
const emailTaken = () => taken('email');
const usernameTaken = () => taken('username');

export function createAccountsService(deps: AccountsDeps) {
  const { db, clock, users, hasher, sessions, mailer, audit } = deps;

  /**
   * A failed sign-in changes nothing, so it is written on its own. Tried on a known email it belongs to
   * that person's company (the company sees attempts on its accounts); on an unknown one, to none.
   */
  async function signInFailed(
    email: string,
    identityId: string | undefined,
    reason: 'unknown_email' | 'wrong_password' | 'locked',
    origin: RequestOrigin,
  ): Promise<void> {
    const context: AuditContext = { ...origin, actor: { kind: 'user', id: identityId ?? null } };
    await audit.record(db, {
      kind: 'sign_in.failed',
      context,
      ...(identityId ? {} : { companyId: null }),
      actorEmail: email,
      detail: { reason },
    });
  }

  /** A new company on a 30-day trial, owned by the identity, which had no profile. */
  async function openCompany(identityId: string, fields: ProfileFields, tx: Db): Promise<void> {
    const now = clock.now();
    const companyId = await deps.companies.create(tx, fields.companyName, now);
    const { firstName, lastName, phone } = fields;
    const owner = { identityId, companyId, role: 'owner' as const, firstName, lastName, phone };
    if (!(await deps.team.addMember(owner, now, tx))) throw hasProfile();
  }

  async function currentUser(identityId: string): Promise<User> {
    const user = await users.getUser(identityId);
    if (!user) throw profileNotFound();
    return user;
  }

  /**
   * A new identity and its first session, with `setUp` run in the same transaction (profile, tokens).
   * Taken email or username answers one 409 naming both; the unique indexes settle concurrent attempts.
   */
  async function openAccount<T>(
    input: NewIdentity,
    setUp: (identity: Identity, tx: Db) => Promise<T>,
  ): Promise<{ tokens: SessionTokens; setUp: T }> {
    refuseCommonPassword(input.password, 'password');
    const [emailIsTaken, usernameIsTaken] = await Promise.all([
      users.isEmailRegistered(input.email),
      users.isUsernameRegistered(input.username),
    ]);
    if (emailIsTaken || usernameIsTaken)
      throw taken(
        ...(emailIsTaken ? ['email' as const] : []),
        ...(usernameIsTaken ? ['username' as const] : []),
      );
    const passwordHash = await hasher.hash(input.password);
    try {
      return await transaction(db, async (tx) => {
        const identity = await users.createIdentity(
          { email: input.email, username: input.username, passwordHash },
          tx,
        );
        const result = await setUp(identity, tx);
        return { setUp: result, tokens: await sessions.start(identity.id, tx) };
      });
    } catch (error) {
      // A concurrent registration can pass the checks above; the unique indexes decide.
      const constraint = postgresErrorOf(error)?.constraint;
      if (constraint === EMAIL_UNIQUE_INDEX) throw emailTaken();
      if (constraint === USERNAME_UNIQUE_INDEX) throw usernameTaken();
      throw error;
    }
  }

  return {
    currentUser,

    async register(input: RegisterRequest): Promise<SessionTokens> {
      const { tokens, setUp: verification } = await openAccount(input, async (identity, tx) => {
        await openCompany(identity.id, input, tx);
        return { email: identity.email, token: await deps.verificationTokens.issue(identity.id, tx) };
      });
      // Best effort after the state change: a failed send is logged and the user can ask again.
      await mailer
        .send(verificationEmail(verification.email, deps.appUrl, verification.token), db)
        .catch((error: unknown) => {
          deps.log.error({ err: error }, 'could not send the verification email');
        });
      return tokens;
    },

    /**
     * Registration through an invitation (design §9): the same checks and session as `register`, but
     * `join` places the new identity (claims the invitation, writes its profile) in the same transaction,
     * and no verification email goes out — the invitation link proved the address.
     */
    async registerInvited(
      input: NewIdentity,
      join: (identityId: string, tx: Db) => Promise<void>,
    ): Promise<SessionTokens> {
      return (await openAccount(input, (identity, tx) => join(identity.id, tx))).tokens;
    },
    async login(email: string, password: string, origin: RequestOrigin): Promise<SessionTokens> {
      const ip = origin.ip ?? '';
      // Counted as a failure before the (slow) password check, so parallel guesses cannot all get one.
      try {
        await deps.loginThrottle.reserve(email, ip);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 429) {
          const locked = await users.findByEmail(email);
          await signInFailed(email, locked?.id, locked ? 'locked' : 'unknown_email', origin);
        }
        throw error;
      }
      const identity = await users.findByEmail(email);
      const valid = await hasher.verify(identity?.passwordHash, password).catch(async (error: unknown) => {
        // Refused before any check (too many sign-ins at once, 503): not a failed attempt.
        await deps.loginThrottle.released(email, ip);
        throw error;
      });
      if (!identity || !valid) {
        await signInFailed(email, identity?.id, identity ? 'wrong_password' : 'unknown_email', origin);
        throw new AppError(401, ERROR_CODES.invalidCredentials, MESSAGES.loginFailed);
      }
      await deps.loginThrottle.succeeded(email, ip);
      if (identity.passwordHash && hasher.needsRehash(identity.passwordHash)) {
        await users.setPasswordHash(identity.id, await hasher.hash(password), clock.now(), db);
      }
      return transaction(db, async (tx) => {
        const tokens = await sessions.start(identity.id, tx);
        const context: AuditContext = { ...origin, actor: { kind: 'user', id: identity.id } };
        await audit.record(tx, { kind: 'sign_in.succeeded', context });
        return tokens;
      });
    },

    /** Completes the profile of an identity that has none (imported from the sister product). */
    async createProfile(identityId: string, fields: ProfileFields): Promise<User> {
      if (await users.hasProfile(identityId)) throw hasProfile();
      await transaction(db, (tx) => openCompany(identityId, fields, tx));
      return currentUser(identityId);
    },

    /**
     * Changes only the named profile fields. A password change needs the current password and ends every
     * other session of the user at once; the session making the change stays signed in.
     */
    async updateProfile(
      auth: AuthContext,
      origin: RequestOrigin,
      input: {
        firstName?: string;
        lastName?: string;
        companyName?: string;
        currentPassword?: string;
        newPassword?: string;
        trialReminders?: boolean;
      },
    ): Promise<User> {
      const current = await users.getUser(auth.identityId);
      if (!current) throw profileNotFound();
      // The form sends the company name back unchanged; only a change of it is the company's business.
      const renames = input.companyName !== undefined && input.companyName !== current.companyName;
      if (renames && !roleMay(auth.role, 'renameCompany')) throw forbidden(ROLE_REFUSALS.renameCompany);
      const { currentPassword, newPassword, ...fields } = input;
      let newHash: string | undefined;
      if (newPassword) {
        refuseCommonPassword(newPassword, 'newPassword');
        const identity = await users.findById(auth.identityId);
        if (!(await hasher.verify(identity?.passwordHash, currentPassword ?? ''))) {
          throw new AppError(400, ERROR_CODES.wrongPassword, wrongPasswordMessage, [
            { field: 'currentPassword', message: wrongPasswordMessage },
          ]);
        }
        newHash = await hasher.hash(newPassword);
      }
      const now = clock.now();
      const context: AuditContext = { ...origin, actor: { kind: 'user', id: auth.identityId } };
      // Names only: the values (and never a password) stay out of the audit log.
      const changed = Object.entries(fields)
        .filter(([, value]) => value !== undefined)
        .map(([name]) => name);
      await transaction(db, async (tx) => {
        if (renames && auth.companyId !== null)
          await confirmRole(tx, { ...auth, companyId: auth.companyId }, 'renameCompany');
        const { companyName, ...own } = fields;
        await deps.team.updateProfile(auth.identityId, own, now, tx);
        if (companyName !== undefined) await deps.companies.renameCompanyOf(tx, auth.identityId, companyName);
        if (changed.length > 0) {
          await audit.record(tx, { kind: 'profile.changed', context, detail: { fields: changed } });
        }
        if (newHash) {
          await users.setPasswordHash(auth.identityId, newHash, now, tx);
          await sessions.revokeAllFor(auth.identityId, auth.sessionId, tx);
          await audit.record(tx, { kind: 'password.changed', context });
          await deps.notices.passwordChanged(tx, auth.identityId, 'profile');
        }
      });
      return currentUser(auth.identityId);
    },

    /** Sends a reset link to a known email; says nothing about whether it is known. */
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
