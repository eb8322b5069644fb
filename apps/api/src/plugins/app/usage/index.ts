// The usage module (design §8 "Usage"): the meter verification counts into, its flushes, the store and
// the retention sweep; what listens to its batches (the quota emails, notices/) hears each one in the
// transaction that writes it. Registered before verification (which counts into the meter), so its
// onClose runs after verification has stopped: the last counts are written while the database is open.
// Registered after the mailer, so the mailer is still there for the quota emails of those last counts.
import fp from 'fastify-plugin';
import {
  createUsageMeter,
  DEFAULT_USAGE_MAX_KEYS,
  startUsageFlushes,
  type UsageMeter,
} from './usage-meter.ts';
import { startUsageRetention } from './usage-retention.ts';
import { createUsageStore, type UsageStore } from './usage-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when USAGE_METERING is off (the bench's comparison run). */
    usageMeter: UsageMeter | undefined;
    usageStore: UsageStore;
  }
}

export interface UsageOptions {
  /** How often held counts are written; 0 leaves only flush() and the one at close (tests). */
  flushMs: number;
  /** How often rows past retention are deleted; 0 turns the sweep off. */
  retentionSweepMs: number;
  maxKeys?: number | undefined;
}

export default fp<UsageOptions>(
  async (app, { flushMs, retentionSweepMs, maxKeys }) => {
    const { env, clock } = app;
    const store = createUsageStore(app.db);
    const meter = env.USAGE_METERING
      ? createUsageMeter({
          write: store.write,
          findVerifications: store.findVerifications,
          takeReportedValid: app.keyAllowance.takeReportedValid,
          now: () => clock.now().getTime(),
          log: app.log,
          maxKeys: maxKeys ?? DEFAULT_USAGE_MAX_KEYS,
          otherInstanceBatchMs: flushMs > 0 ? flushMs + 500 : 0,
        })
      : undefined;
    const stopFlushes = meter ? startUsageFlushes(meter, flushMs, app.log) : undefined;
    // What usage retention makes useless: the hourly rows and marks (the store's), and what keys were
    // leased of those days (the allowance module's, which it forgets itself).
    const retention = {
      async deleteOlderThan(before: Date): Promise<number> {
        const deleted = await store.deleteOlderThan(before);
        await app.keyAllowance.forgetBefore(before);
        return deleted;
      },
    };
    const stopRetention =
      retentionSweepMs > 0 ? startUsageRetention(retention, clock, retentionSweepMs, app.log) : undefined;
    app.decorate('usageMeter', meter);
    app.decorate('usageStore', store);
    app.addHook('onClose', async () => {
      await stopRetention?.();
      await stopFlushes?.();
    });
  },
  { name: 'usage', dependencies: ['database', 'allowance'] },
);

// What the rest of the API may import from this module (design §1 "Rooms and arrows").
export type { ReportedValid } from './reported-usage.ts';
export { DEFAULT_USAGE_FLUSH_MS, type UsageMeter } from './usage-meter.ts';
export { DEFAULT_USAGE_RETENTION_SWEEP_MS } from './usage-retention.ts';
export type { UsageStore } from './usage-store.ts';
export { DAY_MS, summarizeUsage } from './usage-summary.ts';
export {
  companyAdmittedLastTwoHours,
  companyClientIdsSql,
  companyUsedToday,
  companyUsedTodaySql,
  lineageUsedToday,
  usedTodayByToken,
} from './used-today.ts';
