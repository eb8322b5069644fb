// Verification test data through the real parts: a verifier key made by the operator command's service,
// and the data feed's calls.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { LeaseGrant, VerifyResult } from '@datafeeds/domain';
import { verification } from '@datafeeds/domain/calls';
import { bearer, callTo } from './factories.ts';

export async function newVerifierKey(app: FastifyInstance, name = 'test feed'): Promise<string> {
  return (await app.verifierKeys.create(name)).key;
}

export const verifyCall = (
  app: FastifyInstance,
  verifierKey: string | undefined,
  payload: object,
  remoteAddress?: string,
) =>
  app.inject({
    ...callTo(verification.verifyCredential),
    headers: verifierKey === undefined ? {} : bearer(verifierKey),
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** The answer of a well-formed call by a live key (always 200, design §8). */
export async function verified(
  app: FastifyInstance,
  verifierKey: string,
  payload: { secret: string; scope?: string; apiType?: string; judgeLocally?: boolean },
): Promise<VerifyResult> {
  const response = await verifyCall(app, verifierKey, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VerifyResult>();
}

/**
 * Leases day units for `clientId` with `verifierKey` as a data feed does (the key must have verified it),
 * a lease at a time (each a slice of the limit at most), until `units` are granted or none are left;
 * answers how many were granted. What a feed leases is what its usage reports may count as VALID.
 */
export async function leaseDayUnits(
  app: FastifyInstance,
  verifierKey: string,
  clientId: string,
  units: number,
): Promise<number> {
  let granted = 0;
  while (granted < units) {
    const response = await app.inject({
      ...callTo(verification.leaseAllowance),
      headers: bearer(verifierKey),
      payload: { clientId, day: units - granted, rate: 0 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const grant = response.json<LeaseGrant>();
    if (grant.day === 0) break;
    granted += grant.day;
  }
  return granted;
}
