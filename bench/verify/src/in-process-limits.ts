// Figure 8: @datafeeds/verifier's own `verify` with a warm cache for credentials with plan limits — every
// answer admitted from units leased for the company — beside the same loop for credentials without any,
// in ABBA turns on the same verifier. What is measured is the package's cost (figure 3's loop), so the
// portal here is the package's in-process fake (packages/verifier/src/testing/fake-portal.ts), whose
// allowance route grants from a truth of its own: the leases go over HTTP as they would to the portal,
// and the portal's own lease route is measured by figure 9.
import { inAbbaTurns } from '@datafeeds/bench-shared/abba-turns';
import { onCleanup } from '@datafeeds/bench-shared/cleanup';
import type { CredentialLimits } from '@datafeeds/domain/credentials';
import {
  newSecret,
  startFakePortal,
  validAnswer,
} from '../../../packages/verifier/src/testing/fake-portal.ts';
import { startBenchVerifier } from './bench-verifier.ts';
import { LIMITED_PLAN } from './fixtures.ts';
import { measureInProcess } from './in-process.ts';

const LIMITED: CredentialLimits = {
  plan: LIMITED_PLAN.name,
  dailyQuota: LIMITED_PLAN.dailyQuota,
  ratePerSecond: LIMITED_PLAN.ratePerSecond,
  dailyCap: null,
};
const UNLIMITED: CredentialLimits = {
  plan: 'bench-unlimited',
  dailyQuota: null,
  ratePerSecond: null,
  dailyCap: null,
};

const WARM_UP_SECONDS = 0.5;

interface LoopFigures {
  perSecond: number;
  nsPerCall: number;
  calls: number;
  /** Verification calls that reached the portal during the loops (should be 0). */
  portalCalls: number;
}

function combine(rounds: Awaited<ReturnType<typeof measureInProcess>>[]): LoopFigures {
  const calls = rounds.reduce((sum, round) => sum + round.calls, 0);
  const perSecond = rounds.reduce((sum, round) => sum + round.perSecond, 0) / rounds.length;
  return {
    perSecond,
    nsPerCall: 1e9 / perSecond,
    calls,
    portalCalls: rounds.reduce((sum, round) => sum + round.portalCalls, 0),
  };
}

export async function measureInProcessLimits(secretCount: number, seconds: number, rounds: number) {
  const portal = await startFakePortal();
  onCleanup('close the fake portal', () => portal.close());
  const credentials = (companyId: string, limits: CredentialLimits) =>
    Array.from({ length: secretCount }, () => {
      const secret = newSecret();
      portal.answers.set(secret, validAnswer({ companyId, apiType: 'rest', scopes: ['nflLive'], limits }));
      return secret;
    });
  const limited = credentials('bench-limited-company', LIMITED);
  const unlimited = credentials('bench-unlimited-company', UNLIMITED);
  const verifier = await startBenchVerifier('the verifier of figure 8', portal.url, portal.verifierKey);
  // Both paths compiled hot before either is measured: the first turn would otherwise pay for it.
  await measureInProcess(verifier, limited, WARM_UP_SECONDS);
  await measureInProcess(verifier, unlimited, WARM_UP_SECONDS);
  const leasesBefore = verifier.stats.leaseCalls;
  const { a, b } = await inAbbaTurns(
    rounds,
    () => measureInProcess(verifier, limited, seconds),
    () => measureInProcess(verifier, unlimited, seconds),
  );
  const leaseCalls = verifier.stats.leaseCalls - leasesBefore;
  await verifier.close();
  return {
    limited: combine(a),
    unlimited: combine(b),
    leaseCalls,
    leaseBodies: portal.allowanceBodies.length,
  };
}
