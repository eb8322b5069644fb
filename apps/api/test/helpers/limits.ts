// Plan limits for a test's company, set the way the provider team's commands will: the rows changed and
// `limits_changed` announced for the company's tokens in the same transaction (credential store). A
// plan of its own per call, so tests sharing a file's database never share limits.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { PlanLimits } from '@datafeeds/domain';
import { apiClients, companies, plans } from '../../src/db/schema.ts';
import { transaction } from '../../src/db/transaction.ts';

const OPERATOR = { kind: 'operator' } as const;

export async function companyIdOf(app: FastifyInstance, clientId: string): Promise<string> {
  const [row] = await app.db
    .select({ companyId: apiClients.companyId })
    .from(apiClients)
    .where(eq(apiClients.clientId, clientId));
  if (!row) throw new Error(`no token ${clientId}`);
  return row.companyId;
}

/** Moves the company onto a new plan with these limits; answers the plan's name. */
export async function putOnPlan(
  app: FastifyInstance,
  companyId: string,
  limits: PlanLimits,
): Promise<string> {
  const name = `test-${randomBytes(4).toString('hex')}`;
  await transaction(app.db, async (tx) => {
    await tx.insert(plans).values({ name, ...limits });
    await tx.update(companies).set({ planName: name }).where(eq(companies.id, companyId));
    await app.credentials.limitsChanged(tx, { companyIds: [companyId] }, OPERATOR, { plan: name });
  });
  return name;
}

/** Changes a plan's limits, announced for every company on it. */
export async function changePlan(app: FastifyInstance, name: string, limits: PlanLimits): Promise<void> {
  await transaction(app.db, async (tx) => {
    await tx.update(plans).set(limits).where(eq(plans.name, name));
    await app.credentials.limitsChanged(tx, { planName: name }, OPERATOR, { plan: name });
  });
}

/** Caps one token's day (what SetTokenCap does). */
export async function capToken(app: FastifyInstance, clientId: string, dailyCap: number | null) {
  const companyId = await companyIdOf(app, clientId);
  await transaction(app.db, async (tx) => {
    await tx.update(apiClients).set({ dailyCap }).where(eq(apiClients.clientId, clientId));
    await app.credentials.limitsChanged(tx, { companyIds: [companyId] }, OPERATOR, { dailyCap });
  });
}
