// The portal calls the benchmark makes outside the measured loads, through the real HTTP API: register,
// follow the verification link from the outbox, sign in, request tokens. Each call comes from the next
// address of the seeding range (addresses.ts), as different people's would.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  API_PATHS,
  type ClientCredentials,
  type RegisterInput,
  type TokenRequestInput,
} from '@datafeeds/domain';
import { addressCycle } from './addresses.ts';

const seedAddress = addressCycle('seed');

async function call<T>(baseUrl: string, path: string, init: RequestInit, expected: number): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-for', seedAddress());
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
  const text = await response.text();
  if (response.status !== expected) {
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  }
  return JSON.parse(text) as T;
}

const post = <T>(baseUrl: string, path: string, body: object, expected: number, bearer?: string) =>
  call<T>(
    baseUrl,
    path,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
    },
    expected,
  );

export interface Account {
  email: string;
  password: string;
}

/**
 * The verification link of an email kept in the outbox (no SMTP_URL). Read from the database, as an
 * operator would: a portal running with NODE_ENV=production never serves the development mailbox.
 */
async function verificationTokenFor(databaseUrl: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ links: string[] }>(
      'SELECT links FROM outbox_emails WHERE "to" = $1 ORDER BY seq DESC LIMIT 1',
      [email],
    );
    const link = rows[0]?.links[0];
    const token = link ? new URL(link).searchParams.get('token') : null;
    if (!token) throw new Error(`no verification link for ${email} in the outbox`);
    return token;
  } finally {
    await client.end();
  }
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
  await post(baseUrl, API_PATHS.register, registration, 201);
  const verification = await verificationTokenFor(databaseUrl, registration.email);
  await post(baseUrl, API_PATHS.verifyEmail, { token: verification }, 200);
  return { email: registration.email, password: registration.password };
}

/** Signs in: the access token (JWT, 15 minutes) of a new session. */
export async function signIn(baseUrl: string, account: Account): Promise<string> {
  const { token } = await post<{ token: string }>(baseUrl, API_PATHS.login, account, 200);
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
  return post<ClientCredentials>(baseUrl, API_PATHS.createClient, request, 201, accessToken);
}

/** What a GET answers (status and body), for the checks before a measured run. */
export async function getJson(baseUrl: string, path: string, accessToken: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${accessToken}`, 'x-forwarded-for': seedAddress() },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
