// The verifiers the figures run in the bench's own process (3, 4, 8 and 9): a cache whose entries outlive
// the run, so no warm entry expires during a loop and only revocations drop one, and a close at the end
// of the run however it ends.
import { onCleanup } from '@datafeeds/bench-shared/cleanup';
import { createVerifier, type Verifier } from '@datafeeds/verifier';

const TEN_MINUTES_MS = 600_000;

/** A verifier of `portalUrl`'s answers, ready (its first events stream is open). */
export async function startBenchVerifier(
  name: string,
  portalUrl: string,
  verifierKey: string,
  maxEntries = 10_000,
): Promise<Verifier> {
  const verifier = createVerifier({
    portalUrl,
    verifierKey,
    cache: { max: maxEntries, ttlMs: TEN_MINUTES_MS },
  });
  onCleanup(`close ${name}`, () => verifier.close());
  await verifier.ready();
  return verifier;
}
