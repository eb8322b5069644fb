// Figure 4: how long a rotated secret keeps working at a data-feed service. A token is rotated through
// instance A's API; the verifier (the package) follows instance B's events stream, so the revocation
// crosses Redis pub/sub, B and the stream. Before each rotation the old secret is verified twice, so it
// is in the verifier's cache (the second call must not reach the portal): what is timed is the
// revocation, not a cache miss. The clock starts when A's 200 has been read and stops when
// `verify(old)` first answers not valid, polled every ~2 ms.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Verifier } from '@datafeeds/verifier';
import { portalCalls } from './in-process.ts';
import { createClient, rotateClient, verifiedUserToken } from './portal-api.ts';

interface RevocationResult {
  latenciesMs: number[];
  /** Codes the old secrets were refused with (NOT_FOUND expected: a rotated secret's hash is gone). */
  codes: Record<string, number>;
  /** Rotations whose old secret still verified after the give-up time. */
  stillValid: number;
}

const OPTIONS = { scope: 'nflLive', apiType: 'rest' } as const;
const POLL_MS = 2;
const GIVE_UP_MS = 10_000;

async function assertWarm(verifier: Verifier, secret: string) {
  const first = await verifier.verify(secret, OPTIONS);
  if (!first.valid) throw new Error(`a fresh secret was refused: ${first.code}`);
  const before = portalCalls(verifier);
  const second = await verifier.verify(secret, OPTIONS);
  if (!second.valid || portalCalls(verifier) !== before) {
    throw new Error('the secret is not answered from the verifier cache before the rotation');
  }
}

export async function measureRevocation(
  instanceA: string,
  databaseUrl: string,
  verifier: Verifier,
  rotations: number,
): Promise<RevocationResult> {
  const userToken = await verifiedUserToken(instanceA, databaseUrl);
  let current = await createClient(instanceA, userToken);
  const result: RevocationResult = { latenciesMs: [], codes: {}, stillValid: 0 };
  for (let round = 0; round < rotations; round += 1) {
    await assertWarm(verifier, current.clientSecret);
    const old = current.clientSecret;
    current = await rotateClient(instanceA, userToken, current.clientId);
    const rotatedAt = performance.now();
    for (;;) {
      const answer = await verifier.verify(old, OPTIONS);
      const elapsed = performance.now() - rotatedAt;
      if (!answer.valid) {
        result.latenciesMs.push(elapsed);
        result.codes[answer.code] = (result.codes[answer.code] ?? 0) + 1;
        break;
      }
      if (elapsed > GIVE_UP_MS) {
        result.latenciesMs.push(elapsed);
        result.stillValid += 1;
        break;
      }
      await sleep(POLL_MS);
    }
  }
  return result;
}
