// Plans (design §10): the provider team's list of limits — a daily quota per UTC day and a rate per
// second, null for unlimited; which plan a company is on is the company's (companies/company-account.ts).
// Every change is audited in its transaction and, when it changes the limits some tokens work under,
// announced for each of them through the credentials module (`limits_changed`), which is how every portal instance and data feed hears it
// within a second. The built-in `trial` plan follows TRIAL_DAILY_QUOTA / TRIAL_RATE_PER_SECOND: it is
// brought in line with them when the portal starts, and the operator does not edit it by hand (a start
// would undo the edit).
import { eq } from 'drizzle-orm';
import { PLAN_NAME_PATTERN, TRIAL_PLAN, type Plan, type PlanLimits } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { plans } from '../../../db/schema.ts';
import { transaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { AuditContext, AuditLog } from '../audit/index.ts';
import type { CredentialStore } from '../credentials/index.ts';
import { listPlans, type PlanListing } from './plans-repository.ts';

export interface PlansServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  credentials: Pick<CredentialStore, 'limitsChanged'>;
}

const SYSTEM_CONTEXT: AuditContext = { actor: { kind: 'system' }, ip: null, userAgent: null };

export interface PlanChange {
  from: Plan;
  to: Plan;
  /** How many secrets were told their limits changed (none when nothing changed). */
  announced: number;
}

const sameLimits = (a: PlanLimits, b: PlanLimits) =>
  a.dailyQuota === b.dailyQuota && a.ratePerSecond === b.ratePerSecond;

/** A plan's limits as audit detail (null: unlimited). */
const limitsDetail = (plan: Plan) => ({
  name: plan.name,
  dailyQuota: plan.dailyQuota,
  ratePerSecond: plan.ratePerSecond,
});

export function createPlansService({ db, clock, audit, credentials }: PlansServiceDeps) {
  /** Writes `to`'s limits over `from`'s, audits it and tells every token of the plan's companies. */
  async function change(tx: Db, from: Plan, to: Plan, context: AuditContext): Promise<PlanChange> {
    await tx
      .update(plans)
      .set({ dailyQuota: to.dailyQuota, ratePerSecond: to.ratePerSecond, updatedAt: clock.now() })
      .where(eq(plans.name, from.name));
    await audit.record(tx, {
      kind: 'plan.updated',
      context,
      companyId: null,
      detail: {
        ...limitsDetail(to),
        fromDailyQuota: from.dailyQuota,
        fromRatePerSecond: from.ratePerSecond,
      },
    });
    const announced = await credentials.limitsChanged(tx, { planName: to.name }, context.actor, {
      plan: to.name,
    });
    return { from, to, announced };
  }

  /** The plan, locked until the caller's transaction ends, so two changes of one plan queue. */
  async function lockedPlan(tx: Db, name: string): Promise<Plan | undefined> {
    const [plan] = await tx
      .select({ name: plans.name, dailyQuota: plans.dailyQuota, ratePerSecond: plans.ratePerSecond })
      .from(plans)
      .where(eq(plans.name, name))
      .for('update');
    return plan;
  }

  return {
    list: (): Promise<PlanListing[]> => listPlans(db),

    /** A new plan; 'bad_name' unless the name fits PLAN_NAME_PATTERN, 'exists' when it is taken. */
    async create(plan: Plan, context: AuditContext): Promise<Plan | 'bad_name' | 'exists'> {
      if (!PLAN_NAME_PATTERN.test(plan.name)) return 'bad_name';
      return transaction(db, async (tx) => {
        const now = clock.now();
        const [created] = await tx
          .insert(plans)
          .values({ ...plan, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: plans.name })
          .returning({ name: plans.name, dailyQuota: plans.dailyQuota, ratePerSecond: plans.ratePerSecond });
        if (!created) return 'exists';
        await audit.record(tx, {
          kind: 'plan.created',
          context,
          companyId: null,
          detail: limitsDetail(created),
        });
        return created;
      });
    },

    /**
     * Changes a plan's quota, rate or both (what `changes` leaves out stays). Every company on it works
     * under the new limits within a second. 'trial' for the trial plan, whose limits are the environment's;
     * 'not_found' for an unknown name; a change that changes nothing writes nothing.
     */
    async update(
      name: string,
      changes: Partial<PlanLimits>,
      context: AuditContext,
    ): Promise<PlanChange | 'trial' | 'not_found'> {
      if (name === TRIAL_PLAN) return 'trial';
      return transaction(db, async (tx) => {
        const from = await lockedPlan(tx, name);
        if (!from) return 'not_found';
        const to: Plan = {
          name,
          dailyQuota: changes.dailyQuota === undefined ? from.dailyQuota : changes.dailyQuota,
          ratePerSecond: changes.ratePerSecond === undefined ? from.ratePerSecond : changes.ratePerSecond,
        };
        if (sameLimits(from, to)) return { from, to, announced: 0 };
        return change(tx, from, to, context);
      });
    },

    /**
     * At start-up: the trial plan takes TRIAL_DAILY_QUOTA / TRIAL_RATE_PER_SECOND. Only a change is
     * written (by the system, audited, announced to every trial token); of instances starting together
     * the plan's row lock lets the first make it and the others find it made.
     */
    async syncTrial(limits: PlanLimits): Promise<PlanChange | undefined> {
      return transaction(db, async (tx) => {
        const from = await lockedPlan(tx, TRIAL_PLAN);
        const to: Plan = { name: TRIAL_PLAN, ...limits };
        // The migration writes the trial plan, and a plan companies are on cannot be deleted.
        if (!from) return undefined;
        if (sameLimits(from, to)) return undefined;
        return change(tx, from, to, SYSTEM_CONTEXT);
      });
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
