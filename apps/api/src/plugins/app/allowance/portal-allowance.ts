// The portal instance's own admission (design §10 "Allowance leases"): a node like any data-feed service,
// holding leased units of each company's day and second and spending them synchronously in the verify
// call, its leases asked of the truth in this process rather than over HTTP. One per instance.
import { createAllowance, type Allowance } from '@datafeeds/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { AllowanceTruth } from './allowance-truth.ts';

/** The truth found no credential that verifies under the client ID a lease was asked for. */
export class LeaseCredentialGone extends Error {
  constructor(readonly clientId: string) {
    super(`no credential that verifies has client ID ${clientId}`);
    this.name = 'LeaseCredentialGone';
  }
}

export function createPortalAllowance(truth: AllowanceTruth, clock: Clock): Allowance {
  const now = () => clock.now().getTime();
  return createAllowance({
    now,
    lease: async (request) => {
      const grant = await truth.grant(request, now());
      if (!grant) throw new LeaseCredentialGone(request.clientId);
      return grant;
    },
  });
}
