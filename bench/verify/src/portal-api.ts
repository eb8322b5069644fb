// The portal calls the benchmark makes outside the measured loops, through the real HTTP API: a verified
// user with a token to rotate, one verification, and a portal child's cache counters.
import { randomBytes } from 'node:crypto';
import type { ClientCredentials, RegisterInput, TokenRequestInput, VerifyResult } from '@datafeeds/domain';
import { auth, tokens, verification } from '@datafeeds/domain/calls';
import { callPortal, postToPortal, verificationTokenFor } from '@datafeeds/bench-shared/portal-http';
import { STATS_PATH, type VerificationStats } from './children/child-protocol.ts';
import { setCompanyPlan } from './company-rows.ts';
import { UNLIMITED_PLAN } from './fixtures.ts';

const post = <T>(baseUrl: string, path: string, body: object, expected: number, bearer?: string) =>
  postToPortal<T>(baseUrl, path, body, expected, { bearer });

/**
 * Registers through the API, follows the verification link from the outbox, and puts the new company on
 * the run's unlimited plan: a trial's rate (10 a second) would refuse figure 4's polling of the old
 * secret, RATE_LIMITED taken for revoked.
 */
export async function verifiedUserToken(baseUrl: string, databaseUrl: string): Promise<string> {
  const id = randomBytes(5).toString('hex');
  const registration: RegisterInput = {
    firstName: 'Bench',
    lastName: 'Rotator',
    companyName: 'Bench Rotations',
    email: `bench.${id}@example.com`,
    username: `bench_${id}`,
    password: `pw-${id}-secret`,
    phone: '5551234567',
    userHasAgreedToTermsOfService: true,
    userHasReadPrivacyPolicy: true,
  };
  const { token } = await post<{ token: string }>(baseUrl, auth.register.path, registration, 201);
  const emailToken = await verificationTokenFor(databaseUrl, registration.email);
  await post(baseUrl, auth.verifyEmail.path, { token: emailToken }, 200);
  await setCompanyPlan(databaseUrl, registration.companyName, UNLIMITED_PLAN.name);
  return token;
}

export function createClient(baseUrl: string, userToken: string): Promise<ClientCredentials> {
  const request: TokenRequestInput = {
    label: 'Rotated by bench:verify',
    apiType: 'rest',
    liveGame: true,
    preGame: false,
    postGame: false,
    sports: ['nfl'],
  };
  return post<ClientCredentials>(baseUrl, tokens.createClient.path, request, 201, userToken);
}

export function rotateClient(baseUrl: string, userToken: string, clientId: string) {
  return post<ClientCredentials>(baseUrl, tokens.rotateClient.path, { clientId }, 200, userToken);
}

export const verifyOnce = (baseUrl: string, verifierKey: string, body: object) =>
  post<VerifyResult>(baseUrl, verification.verifyCredential.path, body, 200, verifierKey);

export const verificationStats = (baseUrl: string) =>
  callPortal<VerificationStats>(baseUrl, STATS_PATH, {}, 200);

/**
 * Whether the portal serves the allowance lease (POST /api/v1/credentials/allowance): a lease of nothing
 * for a client ID that verifies answers 200. Figures 7 and 9 measure the portal's enforcement, which
 * needs it.
 */
export async function servesLeases(baseUrl: string, verifierKey: string, clientId: string) {
  const response = await fetch(`${baseUrl}${verification.leaseAllowance.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${verifierKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, day: 0, rate: 0 }),
  });
  await response.arrayBuffer();
  return { ok: response.status === 200, status: response.status };
}
