import { describe, expect, it } from 'vitest';
import { verification } from '@datafeeds/domain/calls';
import { PORTAL_CALLS } from './portal-calls.ts';

describe('the portal calls the verifier makes', () => {
  it.each([
    ['verify', verification.verifyCredential],
    ['events', verification.credentialEvents],
    ['usage', verification.reportCredentialUsage],
    ['allowance', verification.leaseAllowance],
  ] as const)('%s is the contract’s method and path', (name, contract) => {
    expect(PORTAL_CALLS[name]).toEqual({ method: contract.method, path: contract.path });
  });
});
