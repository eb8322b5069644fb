// Usage of credentials (design §8 "Usage"): the meter verification counts into, its flushes, the store
// and the retention sweep, and the quota emails its batches check (design §10). Registered before
// `credentials` (which hands the meter to verification), so its onClose runs after verification has
// stopped: the last counts are written while the database is open. Registered after the mailer
// (mail.ts), so the mailer is still there for the quota emails of those last counts.
import fp from 'fastify-plugin';
import type { Env } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import { takeReportedValid } from './allowance/key-allowance.ts';
import { createQuotaNotices } from './notices/quota-notices.ts';
import {
  createUsageMeter,
  DEFAULT_USAGE_MAX_KEYS,
  startUsageFlushes,
  type UsageMeter,
} from './usage/usage-meter.ts';
import { startUsageRetention } from './usage/usage-retention.ts';
import { createUsageStore, type UsageStore } from './usage/usage-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined when USAGE_METERING is off (the bench's comparison run). */
    usageMeter: UsageMeter | undefined;
    usageStore: UsageStore;
  }
}

export interface UsageOptions {
  env: Pick<Env, 'USAGE_METERING' | 'APP_URL'>;
  clock: Clock;
  /** How often held counts are written; 0 leaves only flush() and the one at close (tests). */
  flushMs: number;
  /** How often rows past retention are deleted; 0 turns the sweep off. */
  retentionSweepMs: number;
  maxKeys?: number | undefined;
}

export default fp<UsageOptions>(
  async (app, { env, clock, flushMs, retentionSweepMs, maxKeys }) => {
    const quotaNotices = createQuotaNotices({
      clock,
      mailer: app.mailer,
      appUrl: env.APP_URL,
      log: app.log,
    });
    const store = createUsageStore(app.db);
    store.onFlush((counts) => quotaNotices.checkAfter(counts));
    const meter = env.USAGE_METERING
      ? createUsageMeter({
          write: store.write,
          findVerifications: store.findVerifications,
          takeReportedValid: (claims) => takeReportedValid(app.db, claims),
          now: () => clock.now().getTime(),
          log: app.log,
          maxKeys: maxKeys ?? DEFAULT_USAGE_MAX_KEYS,
          otherInstanceBatchMs: flushMs > 0 ? flushMs + 500 : 0,
        })
      : undefined;
    const stopFlushes = meter ? startUsageFlushes(meter, flushMs, app.log) : undefined;
    const stopRetention =
      retentionSweepMs > 0 ? startUsageRetention(store, clock, retentionSweepMs, app.log) : undefined;
    app.decorate('usageMeter', meter);
    app.decorate('usageStore', store);
    app.addHook('onClose', async () => {
      await stopRetention?.();
      await stopFlushes?.();
    });
  },
  { name: 'usage', dependencies: ['database', 'mail'] },
);
