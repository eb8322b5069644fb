// Expiry as an explicit transition (design §3): trial tokens whose expiry
// has passed are recorded as expired, and secrets whose rotation grace period has passed are retired
// (design §9), the data feed told, within a sweep interval. Verification never waits for it: it compares
// the expiry and the grace period's end with the clock on every call. Each sweep is a conditional write,
// so of several instances (and after a restart) exactly one records each change.
import { startPeriodicTask } from '../../../lib/periodic-task.ts';
import type { CredentialStore } from './credential-store.ts';

export function startExpirySweep(
  store: Pick<CredentialStore, 'expireDue' | 'retireDue'>,
  intervalMs: number,
  log: { error(object: object, message: string): void },
): () => Promise<void> {
  return startPeriodicTask(
    async () => {
      await store.expireDue();
      await store.retireDue();
    },
    intervalMs,
    (error) => log.error({ err: error }, 'expiry sweep failed'),
  );
}
