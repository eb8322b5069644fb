// Figure 3: @datafeeds/verifier's own `verify` when the answer is in its cache — what a data-feed
// service pays per request once a token has been seen. A tight loop of awaited calls on this one thread,
// cycling through warm secrets with a scope, for a fixed time; the package's counters show no call
// reached the portal during the loop.
import type { Verifier } from '@datafeeds/verifier';

interface InProcessResult {
  calls: number;
  perSecond: number;
  nsPerCall: number;
  /** Calls that went to the portal during the loop (should be 0). */
  portalCalls: number;
}

const OPTIONS = { scope: 'nflLive', apiType: 'rest' } as const;
const BATCH = 1_024;

async function warm(verifier: Verifier, secrets: readonly string[]): Promise<void> {
  for (const secret of secrets) {
    const answer = await verifier.verify(secret, OPTIONS);
    if (!answer.valid) throw new Error(`the verifier refused a fixture secret: ${answer.code}`);
  }
}

export async function measureInProcess(
  verifier: Verifier,
  secrets: readonly string[],
  seconds: number,
): Promise<InProcessResult> {
  await warm(verifier, secrets);
  const portalCallsBefore = portalCalls(verifier);
  const count = secrets.length;
  let calls = 0;
  let valid = 0;
  const started = performance.now();
  const deadline = started + seconds * 1_000;
  let now = started;
  while (now < deadline) {
    for (let index = 0; index < BATCH; index += 1) {
      const answer = await verifier.verify(secrets[(calls + index) % count] as string, OPTIONS);
      if (answer.valid) valid += 1;
    }
    calls += BATCH;
    now = performance.now();
  }
  const elapsedMs = now - started;
  if (valid !== calls) throw new Error(`${calls - valid} of ${calls} warm verifications were refused`);
  return {
    calls,
    perSecond: (calls / elapsedMs) * 1_000,
    nsPerCall: (elapsedMs * 1e6) / calls,
    portalCalls: portalCalls(verifier) - portalCallsBefore,
  };
}

export function portalCalls(verifier: Verifier): number {
  return verifier.stats.portalCalls;
}
