// The console's plans (design §10, §11 "Screens"): the same service as `plan list|create|update`. The
// trial plan follows TRIAL_DAILY_QUOTA / TRIAL_RATE_PER_SECOND, so it is listed as not editable and an
// edit is refused as the CLI refuses it: the next start would undo it.
import type { FastifyPluginAsync } from 'fastify';
import { CONSOLE_TOOL_MESSAGES, ERROR_CODES, TRIAL_PLAN, type ConsolePlan } from '@datafeeds/domain';
import { consoleTools } from '@datafeeds/domain/calls';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import type { PlanListing } from '../../plugins/app/plans/index.ts';
import { registerCall } from '../register-call.ts';
import { staffActionContext } from './staff-action-context.ts';

const shown = (plan: PlanListing): ConsolePlan => ({
  name: plan.name,
  dailyQuota: plan.dailyQuota,
  ratePerSecond: plan.ratePerSecond,
  companies: plan.companies,
  editable: plan.name !== TRIAL_PLAN,
});

const planRoutes: FastifyPluginAsync = async (app) => {
  /** The plan as listed now (its companies counted), after a change. */
  async function listed(name: string): Promise<ConsolePlan> {
    const plan = (await app.plans.list()).find((each) => each.name === name);
    if (!plan) throw notFound(CONSOLE_TOOL_MESSAGES.planNotFound);
    return shown(plan);
  }

  registerCall(app, consoleTools.listPlans, async () => ({ plans: (await app.plans.list()).map(shown) }));

  registerCall(app, consoleTools.createPlan, async ({ body, request }) => {
    const created = await app.plans.create(body, staffActionContext(request));
    if (created === 'bad_name') {
      const message = CONSOLE_TOOL_MESSAGES.planNameInvalid;
      throw new AppError(400, ERROR_CODES.validation, message, [{ field: 'name', message }]);
    }
    if (created === 'exists') throw conflict(CONSOLE_TOOL_MESSAGES.planExists);
    return shown({ ...created, companies: 0 });
  });

  registerCall(app, consoleTools.updatePlan, async ({ body, request }) => {
    const { name, dailyQuota, ratePerSecond } = body;
    const changed = await app.plans.update(name, { dailyQuota, ratePerSecond }, staffActionContext(request));
    if (changed === 'trial') throw conflict(CONSOLE_TOOL_MESSAGES.trialPlanFromEnvironment);
    if (changed === 'not_found') throw notFound(CONSOLE_TOOL_MESSAGES.planNotFound);
    return listed(name);
  });
};

export default planRoutes;
