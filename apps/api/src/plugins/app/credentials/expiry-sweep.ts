// Expiry as an explicit transition (design §3, issue "Credentials that work"): trial tokens whose expiry
// has passed are recorded as expired, and the data feed told, within a sweep interval. Verification
// never waits for it: it compares the expiry with the clock on every call.
import { startPeriodicTask } from '../../../lib/periodic-task.ts';
import type { CredentialStore } from './credential-store.ts';

export function startExpirySweep(
  store: Pick<CredentialStore, 'expireDue'>,
  intervalMs: number,
  log: { error(object: object, message: string): void },
): () => Promise<void> {
  return startPeriodicTask(
    () => store.expireDue(),
    intervalMs,
    (error) => log.error({ err: error }, 'expiry sweep failed'),
  );
}
