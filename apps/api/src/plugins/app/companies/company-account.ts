// The company and its lifecycle (design §11 "One owner per company"): asked for an upgrade, approved,
// trial extended, plan changed, suspended, reinstated to the state it had. One code path for the
// customer's request, the console's calls and the operator's commands, which differ only in who acts
// (the AuditContext). Each action is one transaction: it locks the company's row, checks that the action
// fits its state, writes the row (companies-repository.ts, the only writer), asks the credentials module
// for the effect on the tokens (which tells every instance and data feed once it commits), and writes
// its audit row and its email to the owner and admins. It answers what changed, or why nothing did: a
// CONSOLE_PROBLEMS code (the console's 409) or 'not_found'; callers word the outcome themselves.
import {
  ERROR_CODES,
  SUSPENSION_MESSAGES,
  alreadyPaidMessage,
  personName,
  type ConsoleProblem,
  type ReinstatedStatus,
  type UpgradeAccountResponse,
} from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import { addSeconds, type Clock } from '../../../lib/clock.ts';
import { AppError, profileNotFound } from '../../../lib/errors.ts';
import type { AuditContext, AuditLog, RequestOrigin } from '../audit/index.ts';
import type { CredentialStore } from '../credentials/index.ts';
import { type Mailer, upgradeRequestEmail } from '../mail/index.ts';
import type { AccountNotices } from '../notices/index.ts';
import { findPlan } from '../plans/index.ts';
import type { CompanyCaller } from '../sessions/index.ts';
import type { CompaniesRepository, CompanyRow } from './companies-repository.ts';
import { confirmRole } from './confirm-role.ts';
import { reinstatedStatusOf } from './reinstated-status.ts';
import { refuseWhileSuspended } from './refuse-while-suspended.ts';

export interface CompanyAccountDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  companies: CompaniesRepository;
  credentials: Pick<
    CredentialStore,
    'companyUpgraded' | 'trialMoved' | 'companyStatusChanged' | 'limitsChanged'
  >;
  notices: AccountNotices;
  mailer: Pick<Mailer, 'send'>;
  /** Whom upgrade requests are emailed to and suspended customers write to (PROVIDER_TEAM_EMAIL). */
  providerTeamEmail: string;
  /** The base of the console link in the email to the provider team. */
  appUrl: string;
  log: { error(object: object, message: string): void };
}

export interface NotFound {
  ok: false;
  problem: 'not_found';
}
/** Nothing was done: `problem` says why, about the company as it was. */
export interface CompanyRefused<Problem extends ConsoleProblem> {
  ok: false;
  problem: Problem;
  company: CompanyRow;
}
type Done<What> = { ok: true } & What;

export interface CompanyPlanChange {
  from: string;
  to: string;
  /** False when the company was on that plan already: nothing was written or announced. */
  changed: boolean;
  /** How many secrets were told their limits changed. */
  announced: number;
}

export type UpgradeApproved = Done<{
  company: CompanyRow;
  /** Open upgrade requests the approval closed (0 when the team approved without one). */
  approvedRequests: number;
  plan: CompanyPlanChange;
}>;
export type TrialExtended = Done<{ company: CompanyRow; trialEndsAt: Date }>;
export type PlanChanged = Done<{ company: CompanyRow; plan: CompanyPlanChange }>;
export type CompanyStatusSet = Done<{ company: CompanyRow; to: 'suspended' | ReinstatedStatus }>;

const notFound: NotFound = { ok: false, problem: 'not_found' };
const refused = <Problem extends ConsoleProblem>(
  problem: Problem,
  company: CompanyRow,
): CompanyRefused<Problem> => ({ ok: false, problem, company });

const DAY_SECONDS = 86_400;
const alreadyPaid = () => new AppError(409, ERROR_CODES.conflict, alreadyPaidMessage);

export function createCompanyAccount(deps: CompanyAccountDeps) {
  const { db, clock, audit, companies, credentials, notices } = deps;

  /**
   * `act` on the company (by id or a member's email), locked until the transaction ends: of two actions
   * on one company the second sees what the first did (a second suspension is refused, not repeated).
   */
  function onLockedCompany<Outcome>(
    reference: string,
    act: (tx: Db, company: CompanyRow) => Promise<Outcome>,
  ): Promise<Outcome | NotFound> {
    return transaction(db, async (tx) => {
      const found = await companies.find(reference, tx);
      const company = found && (await companies.lock(tx, found.id));
      return company ? act(tx, company) : notFound;
    });
  }

  /**
   * The company moves to `planName` (known: its callers checked), audited `plan.set` {from, to}, and
   * every token of the company told its limits changed; nothing when it is on that plan already.
   */
  async function movePlan(
    tx: Db,
    company: CompanyRow,
    planName: string,
    context: AuditContext,
  ): Promise<CompanyPlanChange> {
    if (company.planName === planName) return { from: planName, to: planName, changed: false, announced: 0 };
    await companies.setPlan(tx, company.id, planName);
    const detail = { from: company.planName, to: planName };
    await audit.record(tx, { kind: 'plan.set', context, companyId: company.id, detail });
    const announced = await credentials.limitsChanged(tx, { companyIds: [company.id] }, context.actor, {
      plan: planName,
    });
    return { ...detail, changed: true, announced };
  }

  return {
    /**
     * The customer asks the provider team for a paid account (spec §4 "Upgrade flow", design §3): one
     * open request per company; asking again answers the same request and emails nobody.
     */
    async requestUpgrade(caller: CompanyCaller, origin: RequestOrigin): Promise<UpgradeAccountResponse> {
      const { identityId, companyId } = caller;
      const requester = await companies.requester(identityId);
      if (!requester) throw profileNotFound();
      if (requester.accountStatus === 'paid') throw alreadyPaid();
      // Asking again answers the open request and records nothing: only a new request is an event.
      const { request, created } = await transaction(db, async (tx) => {
        await confirmRole(tx, caller, 'requestUpgrade');
        // Also the paid company a suspension interrupted: reinstated, it is paid again (design §11).
        await refuseWhileSuspended(tx, companyId, SUSPENSION_MESSAGES.upgrade(deps.providerTeamEmail));
        const opened = await companies.openUpgradeRequest(companyId, identityId, clock.now(), tx);
        if (opened.created) {
          const context = { ...origin, actor: { kind: 'user', id: identityId } } as const;
          await audit.record(tx, { kind: 'upgrade.requested', context, companyId });
        }
        return opened;
      });
      if (created) {
        // The request is recorded either way; a failed email is logged for the team to notice.
        await deps.mailer
          .send(
            upgradeRequestEmail(deps.providerTeamEmail, deps.appUrl, {
              companyId,
              companyName: requester.companyName,
              requesterName: personName(requester),
              requesterEmail: requester.email,
            }),
            db,
          )
          .catch((error: unknown) => deps.log.error({ err: error }, 'could not email the upgrade request'));
      }
      return { status: 'requested', requestedAt: request.requestedAt.toISOString() };
    },

    /**
     * The company becomes paid on `planName`: its open upgrade request approved, its tokens no longer
     * expiring (expired ones work again), and every data feed applying the plan's limits within a
     * second. A suspended company is refused: an approval would lift the suspension unrecorded.
     */
    async approveUpgrade(
      companyReference: string,
      planName: string,
      context: AuditContext,
    ): Promise<UpgradeApproved | CompanyRefused<'unknown_plan' | 'suspended'> | NotFound> {
      return onLockedCompany(companyReference, async (tx, company) => {
        if (!(await findPlan(tx, planName))) return refused('unknown_plan', company);
        if (company.accountStatus === 'suspended') return refused('suspended', company);
        const approvedRequests = await companies.approveUpgradeRequests(company.id, clock.now(), tx);
        await companies.setStatus(tx, company.id, 'paid', null);
        await credentials.companyUpgraded(tx, company.id, context.actor);
        await audit.record(tx, { kind: 'upgrade.approved', context, companyId: company.id });
        const plan = await movePlan(tx, company, planName, context);
        await notices.accountChanged(tx, company, { kind: 'upgraded', plan: planName });
        return { ok: true, company, approvedRequests, plan };
      });
    },

    /**
     * The trial ends `days` (whole, 1 to MAX_TRIAL_EXTENSION_DAYS: the callers' schemas) later, and the
     * company's trial tokens with it. An ended trial restarts from now, so the extension always gives
     * the days asked for.
     */
    async extendTrial(
      companyReference: string,
      days: number,
      context: AuditContext,
    ): Promise<TrialExtended | CompanyRefused<'not_on_trial'> | NotFound> {
      return onLockedCompany(companyReference, async (tx, company) => {
        if (company.accountStatus !== 'trial') return refused('not_on_trial', company);
        const now = clock.now();
        const from = company.trialEndsAt && company.trialEndsAt > now ? company.trialEndsAt : now;
        const trialEndsAt = addSeconds(from, days * DAY_SECONDS);
        await companies.setTrialEnd(tx, company.id, trialEndsAt);
        await credentials.trialMoved(tx, company.id, trialEndsAt, context.actor);
        await audit.record(tx, {
          kind: 'trial.extended',
          context,
          companyId: company.id,
          detail: { trialEndsAt: trialEndsAt.toISOString() },
        });
        await notices.accountChanged(tx, company, { kind: 'trial_extended', trialEndsAt });
        return { ok: true, company, trialEndsAt };
      });
    },

    /** The company moves to `planName`; its tokens are told. */
    async changePlan(
      companyReference: string,
      planName: string,
      context: AuditContext,
    ): Promise<PlanChanged | CompanyRefused<'unknown_plan' | 'same_plan'> | NotFound> {
      return onLockedCompany(companyReference, async (tx, company) => {
        if (!(await findPlan(tx, planName))) return refused('unknown_plan', company);
        const plan = await movePlan(tx, company, planName, context);
        if (!plan.changed) return refused('same_plan', company);
        await notices.accountChanged(tx, company, { kind: 'plan_changed', plan: plan.to });
        return { ok: true, company, plan };
      });
    },

    /** Every token of the company stops verifying at once; the data feeds are told. */
    async suspendCompany(
      companyReference: string,
      context: AuditContext,
    ): Promise<CompanyStatusSet | CompanyRefused<'already_suspended'> | NotFound> {
      return onLockedCompany(companyReference, async (tx, company) => {
        if (company.accountStatus === 'suspended') return refused('already_suspended', company);
        // The suspension keeps the status it interrupts, which reinstating returns to (design §11).
        await companies.setStatus(tx, company.id, 'suspended', company.accountStatus);
        const change = { from: company.accountStatus, to: 'suspended' } as const;
        await credentials.companyStatusChanged(tx, company.id, change, context);
        await audit.record(tx, { kind: 'company.suspended', context, companyId: company.id });
        await notices.accountChanged(tx, company, { kind: 'suspended' });
        return { ok: true, company, to: 'suspended' };
      });
    },

    /**
     * A suspended company becomes a trial or a paid account again; its tokens work again. Without `to`
     * it returns to the status it had before the suspension (design §11: paid stays paid); a company
     * suspended with none recorded becomes a trial. Back on a paid account, an upgrade request left
     * open has nothing left to ask for and is closed as approved.
     */
    async reinstateCompany(
      companyReference: string,
      requested: ReinstatedStatus | undefined,
      context: AuditContext,
    ): Promise<CompanyStatusSet | CompanyRefused<'not_suspended'> | NotFound> {
      return onLockedCompany(companyReference, async (tx, company) => {
        if (company.accountStatus !== 'suspended') return refused('not_suspended', company);
        const to = requested ?? reinstatedStatusOf(company) ?? 'trial';
        await companies.setStatus(tx, company.id, to, null);
        await credentials.companyStatusChanged(tx, company.id, { from: 'suspended', to }, context);
        if (to === 'paid') await companies.approveUpgradeRequests(company.id, clock.now(), tx);
        await audit.record(tx, {
          kind: 'company.reinstated',
          context,
          companyId: company.id,
          detail: { to },
        });
        await notices.accountChanged(tx, company, { kind: 'reinstated', to });
        return { ok: true, company, to };
      });
    },
  };
}

export type CompanyAccount = ReturnType<typeof createCompanyAccount>;
