// The users module (design §2): identities and the account flows — registration (which opens the
// company through the companies module and writes the owner's profile through the team's repository),
// sign-in with its lockout, profile changes, recovery, and joining through an invitation — with the
// server's one password hasher, whose queue bounds the hashes running at once.
import fp from 'fastify-plugin';
import { EMAIL_VERIFICATION_TTL_SECONDS, RESET_TOKEN_TTL_SECONDS } from '@datafeeds/domain';
import { emailVerificationTokens, passwordResetTokens } from '../../../db/schema.ts';
import {
  createFailureCounters,
  createLoginAttempts,
  createLoginThrottle,
  type LoginThrottleOptions,
} from '../auth/index.ts';
import { createAccountsService, type AccountsService } from './accounts-service.ts';
import { createInvitationsService, type InvitationsService } from './invitations-service.ts';
import { createOneTimeTokens } from './one-time-tokens.ts';
import {
  ARGON2_OPTIONS,
  createPasswordHasher,
  TEST_ONLY_ARGON2_OPTIONS,
  type PasswordHasher,
} from './password-hasher.ts';
import { createRecoveryService, type RecoveryService } from './recovery-service.ts';
import { createUsersRepository, type UsersRepository } from './users-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
    accounts: AccountsService;
    /** The one password hasher: its queue bounds the hashes running at once for the whole server. */
    passwordHasher: PasswordHasher;
    recovery: RecoveryService;
    invitations: InvitationsService;
  }
}

interface UsersOptions {
  loginThrottle: LoginThrottleOptions;
  /** Tests only (BuildAppOptions.testOnlyCheapPasswordHashing, refused outside NODE_ENV=test). */
  cheapPasswordHashing: boolean;
}

export default fp<UsersOptions>(
  async (app, { loginThrottle, cheapPasswordHashing }) => {
    const { db, env, clock, mailer } = app;
    const users = createUsersRepository(db, { contact: env.PROVIDER_TEAM_EMAIL });
    const shared = {
      db,
      clock,
      appUrl: env.APP_URL,
      users,
      hasher: createPasswordHasher(
        undefined,
        cheapPasswordHashing ? TEST_ONLY_ARGON2_OPTIONS : ARGON2_OPTIONS,
      ),
      sessions: app.sessions,
      mailer,
      audit: app.auditLog,
      log: app.log,
      notices: app.securityNotices,
    };
    const verificationTokens = createOneTimeTokens(
      db,
      clock,
      emailVerificationTokens,
      EMAIL_VERIFICATION_TTL_SECONDS,
    );
    const throttle = createLoginThrottle(createLoginAttempts(app.counters), loginThrottle);
    const accounts = createAccountsService({
      ...shared,
      verificationTokens,
      loginThrottle: throttle,
      companies: app.companies,
      team: app.teamRepository,
    });
    const recovery = createRecoveryService({
      ...shared,
      verificationTokens,
      credentials: app.credentials,
      resetRequests: createFailureCounters(app.counters),
      loginThrottle: throttle,
      resetTokens: createOneTimeTokens(db, clock, passwordResetTokens, RESET_TOKEN_TTL_SECONDS),
    });
    app.decorate('users', users);
    app.decorate('accounts', accounts);
    app.decorate('passwordHasher', shared.hasher);
    app.decorate('recovery', recovery);
    app.decorate(
      'invitations',
      createInvitationsService({
        db,
        clock,
        team: app.teamRepository,
        users,
        accounts,
        credentials: app.credentials,
        audit: app.auditLog,
      }),
    );
    app.addHook('onClose', async () => {
      // Reset emails still being written go first, so the mailer (registered before this module, so
      // stopped after it) can stop with them stored.
      await recovery.drain();
    });
  },
  {
    name: 'users',
    dependencies: [
      'database',
      'redis',
      'audit',
      'mail',
      'notices',
      'sessions',
      'credentials',
      'companies',
      'team',
    ],
  },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export { refuseCommonPassword } from './common-passwords.ts';
export { type PasswordHasher, isArgon2Hash } from './password-hasher.ts';
export type { RecoveryService } from './recovery-service.ts';
export type { UsersRepository } from './users-repository.ts';
