// Reading plans (design §10). A plan is written only by the plans service (plans-service.ts); a company's
// plan is read here by whoever needs its limits in its own transaction (GetQuota, SetTokenCap).
import { asc, count, eq } from 'drizzle-orm';
import type { Plan } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { companies, plans } from '../../../db/schema.ts';

const planColumns = { name: plans.name, dailyQuota: plans.dailyQuota, ratePerSecond: plans.ratePerSecond };

export async function findPlan(executor: Db, name: string): Promise<Plan | undefined> {
  const [plan] = await executor.select(planColumns).from(plans).where(eq(plans.name, name));
  return plan;
}

/** The plan a company is on (every company has exactly one); undefined for an unknown company. */
export async function planOfCompany(executor: Db, companyId: string): Promise<Plan | undefined> {
  const [plan] = await executor
    .select(planColumns)
    .from(companies)
    .innerJoin(plans, eq(plans.name, companies.planName))
    .where(eq(companies.id, companyId));
  return plan;
}

export interface PlanListing extends Plan {
  /** How many companies are on it. */
  companies: number;
}

/** Every plan, oldest first (the built-in ones lead), with how many companies are on it. */
export async function listPlans(executor: Db): Promise<PlanListing[]> {
  return executor
    .select({ ...planColumns, companies: count(companies.id) })
    .from(plans)
    .leftJoin(companies, eq(companies.planName, plans.name))
    .groupBy(plans.name)
    .orderBy(asc(plans.createdAt), asc(plans.name));
}
