// Verification test data through the real parts: a verifier key made by the operator command's service,
// and the data feed's calls.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { VerifyResult } from '@datafeeds/domain';
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
