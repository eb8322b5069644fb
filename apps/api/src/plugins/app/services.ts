// The application's services, built once per app from the shared database, clock and secrets. They are
// plain factories; the operator CLI gets the same ones by building the app without listening
// (operator/cli.ts).
import fp from 'fastify-plugin';
import { EMAIL_VERIFICATION_TTL_SECONDS, RESET_TOKEN_TTL_SECONDS } from '@datafeeds/domain';
import type { Env } from '../../config/env.ts';
import type { Secrets } from '../../config/secrets.ts';
import { emailVerificationTokens, passwordResetTokens } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { createCounterStore } from '../external/counter-store.ts';
import { createFailureCounters } from './auth/failure-counters.ts';
import { createLoginAttempts } from './auth/login-attempts.ts';
import { createLoginThrottle, type LoginThrottleOptions } from './auth/login-throttle.ts';
import { createSessionsService, type SessionsService } from './sessions/sessions-service.ts';
import { createAccountsService, type AccountsService } from './users/accounts-service.ts';
import { createOneTimeTokens } from './users/one-time-tokens.ts';
import { createRecoveryService, type RecoveryService } from './users/recovery-service.ts';
import {
  ARGON2_OPTIONS,
  createPasswordHasher,
  TEST_ONLY_ARGON2_OPTIONS,
  type PasswordHasher,
} from './users/password-hasher.ts';
import { createUsersRepository, type UsersRepository } from './users/users-repository.ts';
import { createSecretHasher } from '../../lib/client-credentials.ts';
import { createCompaniesRepository, type CompaniesRepository } from './companies/companies-repository.ts';
import { createCompanyAccount, type CompanyAccount } from './companies/company-account.ts';
import { createTokensRepository, type TokensRepository } from './tokens/tokens-repository.ts';
import { createTokensService, type TokensService } from './tokens/tokens-service.ts';
import { createActivityService, type ActivityService } from './audit/activity.ts';
import { createAuditRepository, type AuditRepository } from './audit/audit-repository.ts';
import { createSecurityNotices } from './notices/security-notices.ts';
import { createAccountNotices } from './notices/account-notices.ts';
import { createUsageService, type UsageService } from './tokens/token-usage.ts';
import { createInvitationsService, type InvitationsService } from './users/invitations-service.ts';
import { createTeamRepository } from './team/team-repository.ts';
import { createTeamService, type TeamService } from './team/team-service.ts';
import { createPlansService, type PlansService } from './plans/plans-service.ts';
import { createQuotaService, type QuotaService } from './plans/quota-service.ts';
import { createTokenActions, type TokenActions } from './tokens/token-actions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    clock: Clock;
    users: UsersRepository;
    sessions: SessionsService;
    accounts: AccountsService;
    /** The one password hasher: its queue bounds the hashes running at once for the whole server. */
    passwordHasher: PasswordHasher;
    recovery: RecoveryService;
    companies: CompaniesRepository;
    tokensRepository: TokensRepository;
    tokens: TokensService;
    auditEvents: AuditRepository;
    activity: ActivityService;
    usage: UsageService;
    team: TeamService;
    invitations: InvitationsService;
    plans: PlansService;
    quota: QuotaService;
    /** The company and its lifecycle: the customer's upgrade request, the console's and operator's actions. */
    companyAccount: CompanyAccount;
    /** The provider team's actions on one token: the console's and the operator's. */
    tokenActions: TokenActions;
  }
}

interface ServicesOptions {
  env: Env;
  clock: Clock;
  secrets: Secrets;
  loginThrottle: LoginThrottleOptions;
  /**
   * Bring the trial plan in line with TRIAL_DAILY_QUOTA / TRIAL_RATE_PER_SECOND now. The server does;
   * the operator CLI does not, since its shell's environment need not be the servers'.
   */
  syncTrialPlan: boolean;
  /** Tests only (BuildAppOptions.testOnlyCheapPasswordHashing, refused outside NODE_ENV=test). */
  cheapPasswordHashing: boolean;
}

export default fp<ServicesOptions>(
  async (app, { env, clock, secrets, loginThrottle, syncTrialPlan, cheapPasswordHashing }) => {
    const { db, mailer } = app;
    const users = createUsersRepository(db, { contact: env.PROVIDER_TEAM_EMAIL });
    const sessions = createSessionsService(db, clock, secrets.sessionSecret, app.auditLog);
    const notices = createSecurityNotices({ clock, mailer, appUrl: env.APP_URL });
    const counterStore = createCounterStore({ redis: app.redis, prefix: env.REDIS_KEY_PREFIX, clock });
    const counters = createFailureCounters(counterStore);
    const shared = {
      db,
      clock,
      appUrl: env.APP_URL,
      users,
      hasher: createPasswordHasher(
        undefined,
        cheapPasswordHashing ? TEST_ONLY_ARGON2_OPTIONS : ARGON2_OPTIONS,
      ),
      sessions,
      mailer,
      audit: app.auditLog,
      log: app.log,
      notices,
    };
    const verificationTokens = createOneTimeTokens(
      db,
      clock,
      emailVerificationTokens,
      EMAIL_VERIFICATION_TTL_SECONDS,
    );
    const throttle = createLoginThrottle(createLoginAttempts(counterStore), loginThrottle);
    const companies = createCompaniesRepository(db);
    const team = createTeamRepository(db);
    const accounts = createAccountsService({
      ...shared,
      verificationTokens,
      loginThrottle: throttle,
      companies,
      team,
    });
    const tokensRepository = createTokensRepository(db);
    const recovery = createRecoveryService({
      ...shared,
      verificationTokens,
      credentials: app.credentials,
      resetRequests: counters,
      loginThrottle: throttle,
      resetTokens: createOneTimeTokens(db, clock, passwordResetTokens, RESET_TOKEN_TTL_SECONDS),
    });
    app.decorate('env', env);
    app.decorate('clock', clock);
    app.decorate('users', users);
    app.decorate('sessions', sessions);
    app.decorate('accounts', accounts);
    app.decorate('passwordHasher', shared.hasher);
    app.decorate('recovery', recovery);
    app.decorate('companies', companies);
    app.decorate('tokensRepository', tokensRepository);
    const tokens = createTokensService({
      db,
      clock,
      tokens: tokensRepository,
      store: app.credentials,
      secrets: createSecretHasher(secrets.clientSecretHashKey),
      notices,
      contact: env.PROVIDER_TEAM_EMAIL,
    });
    app.decorate('tokens', tokens);
    app.decorate('usage', createUsageService({ clock, tokens, store: app.usageStore }));
    const plans = createPlansService({ db, clock, audit: app.auditLog, credentials: app.credentials });
    if (syncTrialPlan) {
      const synced = await plans.syncTrial({
        dailyQuota: env.TRIAL_DAILY_QUOTA,
        ratePerSecond: env.TRIAL_RATE_PER_SECOND,
      });
      if (synced) {
        app.log.info(
          { from: synced.from, to: synced.to, tokensTold: synced.announced },
          'trial plan brought in line with TRIAL_DAILY_QUOTA and TRIAL_RATE_PER_SECOND',
        );
      }
    }
    app.decorate('plans', plans);
    app.decorate('quota', createQuotaService({ db, clock }));
    app.decorate(
      'companyAccount',
      createCompanyAccount({
        db,
        clock,
        audit: app.auditLog,
        companies,
        credentials: app.credentials,
        notices: createAccountNotices({ mailer, appUrl: env.APP_URL, contact: env.PROVIDER_TEAM_EMAIL }),
        mailer,
        providerTeamEmail: env.PROVIDER_TEAM_EMAIL,
        appUrl: env.APP_URL,
        log: app.log,
      }),
    );
    app.decorate('tokenActions', createTokenActions({ db, credentials: app.credentials }));
    const auditEvents = createAuditRepository(db);
    app.decorate('auditEvents', auditEvents);
    app.decorate('activity', createActivityService({ audit: auditEvents }));
    app.decorate('team', createTeamService({ ...shared, team }));
    app.decorate(
      'invitations',
      createInvitationsService({
        db,
        clock,
        team,
        users,
        accounts,
        credentials: app.credentials,
        audit: app.auditLog,
      }),
    );
    app.addHook('onClose', async () => {
      // Reset emails still being written go first, so the mailer (stopped after this plugin, mail.ts)
      // can stop with them stored.
      await recovery.drain();
    });
  },
  { name: 'services', dependencies: ['database', 'redis', 'mail', 'credentials', 'usage'] },
);
