// The portal calls the benchmark makes outside the measured loads, through the real HTTP API: register,
// follow the verification link from the outbox, sign in, request tokens. Each call comes from the next
// address of the seeding range (addresses.ts), as different people's would.
import { randomBytes } from 'node:crypto';
import type { ClientCredentials, RegisterInput, TokenRequestInput } from '@datafeeds/domain';
import { auth, tokens } from '@datafeeds/domain/calls';
import { postToPortal, verificationTokenFor } from '@datafeeds/bench-shared/portal-http';
import { addressCycle } from './addresses.ts';

const seedAddress = addressCycle('seed');

const seedHeaders = () => ({ 'x-forwarded-for': seedAddress() });
const post = <T>(baseUrl: string, path: string, body: object, expected: number, bearer?: string) =>
  postToPortal<T>(baseUrl, path, body, expected, { bearer, extraHeaders: seedHeaders });

export interface Account {
  email: string;
  password: string;
}

/** Registers an account (identity, profile, trial company) and verifies its email through the outbox. */
export async function registerVerified(baseUrl: string, databaseUrl: string, name: string): Promise<Account> {
  const id = randomBytes(5).toString('hex');
  const registration: RegisterInput = {
    firstName: 'Bench',
    lastName: name,
    companyName: `Bench ${name} Sports`,
    email: `bench.${name.toLowerCase()}.${id}@example.com`,
    username: `bench_${name.toLowerCase()}_${id}`,
    password: `pw-${id}-correct-horse`,
    phone: '5551234567',
    userHasAgreedToTermsOfService: true,
    userHasReadPrivacyPolicy: true,
  };
  await post(baseUrl, auth.register.path, registration, 201);
  const verification = await verificationTokenFor(databaseUrl, registration.email);
  await post(baseUrl, auth.verifyEmail.path, { token: verification }, 200);
  return { email: registration.email, password: registration.password };
}

/** Signs in: the access token (JWT, 15 minutes) of a new session. */
export async function signIn(baseUrl: string, account: Account): Promise<string> {
  const { token } = await post<{ token: string }>(baseUrl, auth.login.path, account, 200);
  return token;
}

export function createClient(baseUrl: string, accessToken: string, index: number) {
  const request: TokenRequestInput = {
    label: `Bench token ${index}`,
    apiType: index % 2 === 0 ? 'rest' : 'graphql',
    liveGame: true,
    preGame: index % 3 === 0,
    postGame: index % 5 === 0,
    sports: index % 2 === 0 ? ['nfl', 'nba'] : ['nfl', 'mlb'],
  };
  return post<ClientCredentials>(baseUrl, tokens.createClient.path, request, 201, accessToken);
}

/** What a GET answers (status and body), for the checks before a measured run. */
export async function getJson(baseUrl: string, path: string, accessToken: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${accessToken}`, 'x-forwarded-for': seedAddress() },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
