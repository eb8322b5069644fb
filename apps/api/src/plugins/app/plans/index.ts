// The plans module (design §10): the provider team's list of limits, the trial plan brought in line with
// TRIAL_DAILY_QUOTA / TRIAL_RATE_PER_SECOND at start-up, and the customer's quota view.
import fp from 'fastify-plugin';
import { createPlansService, type PlansService } from './plans-service.ts';
import { createQuotaService, type QuotaService } from './quota-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    plans: PlansService;
    quota: QuotaService;
  }
}

interface PlansOptions {
  /**
   * Bring the trial plan in line with TRIAL_DAILY_QUOTA / TRIAL_RATE_PER_SECOND now. The server does;
   * the operator CLI does not, since its shell's environment need not be the servers'.
   */
  syncTrialPlan: boolean;
}

export default fp<PlansOptions>(
  async (app, { syncTrialPlan }) => {
    const { db, env, clock } = app;
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
  },
  { name: 'plans', dependencies: ['database', 'audit', 'credentials'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export { planOfCompany, findPlan, type PlanListing } from './plans-repository.ts';
export type { PlansService } from './plans-service.ts';
