// Retention of usage (design §8 "Usage"): hourly rows older than USAGE_RETENTION_DAYS — the longest
// window the portal shows — are deleted by a periodic sweep, in batches (usage-store.ts).
import { USAGE_RETENTION_DAYS } from '@datafeeds/domain';
import type { Clock } from '../../../lib/clock.ts';
import { startPeriodicTask } from '../../../lib/periodic-task.ts';
import type { UsageStore } from './usage-store.ts';
import { DAY_MS } from './usage-summary.ts';

/** Hourly is plenty: a row is shown for 90 days, so an hour more costs nothing. */
export const DEFAULT_USAGE_RETENTION_SWEEP_MS = 3_600_000;

export function sweepUsage(store: Pick<UsageStore, 'deleteOlderThan'>, clock: Clock): Promise<number> {
  return store.deleteOlderThan(new Date(clock.now().getTime() - USAGE_RETENTION_DAYS * DAY_MS));
}

export function startUsageRetention(
  store: Pick<UsageStore, 'deleteOlderThan'>,
  clock: Clock,
  intervalMs: number,
  log: { error(object: object, message: string): void },
): () => Promise<void> {
  return startPeriodicTask(
    () => sweepUsage(store, clock),
    intervalMs,
    (error) => log.error({ err: error }, 'usage retention sweep failed'),
  );
}
