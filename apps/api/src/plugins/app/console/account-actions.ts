// What the provider team does to a company or a token (design §11 "Screens", design §3 "Operator
// tools"): one code path for the console's calls and the operator's commands, which differ only in who
// acts (the AuditContext: a staff member from the request's address, or the operator). Each action is
// one transaction: it locks the company or token, checks that the action fits its state, makes the
// change through the credentials module (which tells every instance and data feed once it commits) and
// writes its audit row for the company acted on, and its email to the owner and admins (design §11). It
// answers what changed, or why nothing did: a CONSOLE_PROBLEMS code (the console's 409) or 'not_found';
// callers word the outcome themselves.
import { and, eq, isNull } from 'drizzle-orm';
import type { ConsoleProblem, ReinstatedStatus, TokenStatus } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { apiClients, companies as companiesTable } from '../../../db/schema.ts';
import { transaction } from '../../../db/transaction.ts';
import { addSeconds, type Clock } from '../../../lib/clock.ts';
import type { AuditContext, AuditLog } from '../audit/audit-log.ts';
import type { CompaniesRepository, CompanyRow } from '../companies/companies-repository.ts';
import type { ApiClientRow } from '../credentials/credential-rows.ts';
import type { CredentialStore } from '../credentials/credential-store.ts';
import type { AccountNotices } from '../notices/account-notices.ts';
import type { CompanyPlanChange, PlansService } from '../plans/plans-service.ts';
import { findPlan } from '../plans/plans-repository.ts';

export interface AccountActionsDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  companies: Pick<CompaniesRepository, 'find' | 'approveUpgradeRequests'>;
  credentials: Pick<CredentialStore, 'upgradeCompany' | 'extendTrial' | 'setCompanyStatus' | 'setStatus'>;
  plans: Pick<PlansService, 'setCompanyPlan'>;
  notices: AccountNotices;
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
export interface TokenRefused<Problem extends ConsoleProblem> {
  ok: false;
  problem: Problem;
  token: ApiClientRow;
}
type Done<What> = { ok: true } & What;

export type UpgradeApproved = Done<{
  company: CompanyRow;
  /** Open upgrade requests the approval closed (0 when the team approved without one). */
  approvedRequests: number;
  plan: CompanyPlanChange;
}>;
export type TrialExtended = Done<{ company: CompanyRow; trialEndsAt: Date }>;
export type PlanChanged = Done<{ company: CompanyRow; plan: CompanyPlanChange }>;
export type CompanyStatusSet = Done<{ company: CompanyRow; to: 'suspended' | ReinstatedStatus }>;
export type TokenStatusSet = Done<{ token: ApiClientRow }>;

const notFound: NotFound = { ok: false, problem: 'not_found' };
const refused = <Problem extends ConsoleProblem>(
  problem: Problem,
  company: CompanyRow,
): CompanyRefused<Problem> => ({ ok: false, problem, company });

const DAY_SECONDS = 86_400;

export function createAccountActions({
  db,
  clock,
  audit,
  companies,
  credentials,
  plans,
  notices,
}: AccountActionsDeps) {
  /**
   * The company (by id or a member's email), locked until the transaction ends: of two actions on one
   * company the second sees what the first did (a second suspension is refused, not repeated).
   */
  async function lockedCompany(tx: Db, reference: string): Promise<CompanyRow | undefined> {
    const found = await companies.find(reference, tx);
    if (!found) return undefined;
    const [row] = await tx.select().from(companiesTable).where(eq(companiesTable.id, found.id)).for('update');
    return row;
  }

  /** `act` on the company, locked, in one transaction; not_found when there is no such company. */
  function onLockedCompany<Outcome>(
    reference: string,
    act: (tx: Db, company: CompanyRow) => Promise<Outcome>,
  ): Promise<Outcome | NotFound> {
    return transaction(db, async (tx) => {
      const company = await lockedCompany(tx, reference);
      return company ? act(tx, company) : notFound;
    });
  }

  return {
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
        await credentials.upgradeCompany(tx, company.id, context.actor);
        await audit.record(tx, { kind: 'upgrade.approved', context, companyId: company.id });
        const plan = await plans.setCompanyPlan(tx, company.id, planName, context);
        // Both found above under the company's lock, and plans are never deleted.
        if (plan === 'unknown_plan' || plan === undefined) throw new Error('plan or company vanished');
        await notices.accountChanged(tx, company, { kind: 'upgraded', plan: plan.to });
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
        await credentials.extendTrial(tx, company.id, trialEndsAt, context.actor);
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

    /** The company moves to `planName` (audited `plan.set` by the plans service); its tokens are told. */
    async changePlan(
      companyReference: string,
      planName: string,
      context: AuditContext,
    ): Promise<PlanChanged | CompanyRefused<'unknown_plan' | 'same_plan'> | NotFound> {
      return onLockedCompany(companyReference, async (tx, company) => {
        const plan = await plans.setCompanyPlan(tx, company.id, planName, context);
        if (plan === undefined) return notFound;
        if (plan === 'unknown_plan') return refused('unknown_plan', company);
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
        await credentials.setCompanyStatus(tx, company.id, 'suspended', context);
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
        const to = requested ?? (company.suspendedFrom === 'paid' ? 'paid' : 'trial');
        await credentials.setCompanyStatus(tx, company.id, to, context);
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

    /** Any status for a token (`set-token-status`), audited by the credentials module. */
    async setTokenStatus(
      clientId: string,
      status: TokenStatus,
      context: AuditContext,
    ): Promise<TokenStatusSet | NotFound> {
      return transaction(db, async (tx) => {
        const token = await credentials.setStatus(tx, clientId, status, context);
        return token ? { ok: true, token } : notFound;
      });
    },

    /**
     * A token under review (a paid company's new token, design §3) becomes active. Only a listed token:
     * a secret retiring after a rotation follows its replacement.
     */
    async endTokenReview(
      clientId: string,
      context: AuditContext,
    ): Promise<TokenStatusSet | TokenRefused<'not_under_review'> | NotFound> {
      return transaction(db, async (tx) => {
        const [token] = await tx
          .select()
          .from(apiClients)
          .where(and(eq(apiClients.clientId, clientId), isNull(apiClients.retiresAt)))
          .for('update');
        if (!token) return notFound;
        if (token.status !== 'review') return { ok: false, problem: 'not_under_review', token };
        const active = await credentials.setStatus(tx, clientId, 'active', context);
        if (!active) throw new Error('token vanished under its lock');
        return { ok: true, token: active };
      });
    },
  };
}

export type AccountActions = ReturnType<typeof createAccountActions>;
