// Figure 4's data: BENCH_COMPANIES companies with BENCH_COMPANY_TOKENS tokens each, and a staff member
// signed in to the console. Registering that many companies through the API would hash a password per
// company (argon2id) and take most of an hour, so they are written in bulk SQL, as an import would write
// them — owner, profile, tokens, some paid or suspended, some with an upgrade request — after the first
// portal child migrated the database. The staff member is made as the provider team makes one: the
// operator command `staff create` (run as a child process on the portal's environment), the setup link
// read from the outbox, the setup and the sign-in through the real console API.
import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { consoleCompanies, staffConsole } from '@datafeeds/domain/calls';
import { callPortal, postToPortal, verificationTokenFor } from '@datafeeds/bench-shared/portal-http';
import { addressCycle } from './addresses.ts';
import { portalEnvironment, type Deployment } from './servers.ts';
import { settings } from './settings.ts';

const seedAddress = addressCycle('seed');
const seedHeaders = () => ({ 'x-forwarded-for': seedAddress() });
const OPERATOR_CLI = resolve(import.meta.dirname, '../../../apps/api/src/operator-cli.ts');
const REFRESH_COOKIE = 'df_console_refresh';

/**
 * Companies, owners, tokens and upgrade requests in five statements (ids derived from the index). Every
 * trial ends in the next 30 days, none before: tokens past their end would keep the portal's expiry
 * sweep busy during the measured runs.
 */
export async function seedCompanies(databaseUrl: string, companies: number, tokens: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO companies (id, name, account_status, trial_ends_at, plan_name, created_at)
       SELECT md5('company-' || i)::uuid,
         'Bench ' || lpad(i::text, 5, '0') || ' ' ||
           (ARRAY['Sports', 'Analytics', 'Data', 'Scores', 'Media'])[1 + i % 5],
         (CASE WHEN i % 10 = 0 THEN 'paid' WHEN i % 50 = 1 THEN 'suspended' ELSE 'trial' END)::company_account_status,
         CASE WHEN i % 10 = 0 THEN NULL ELSE now() + (1 + i % 30) * interval '1 day' END,
         CASE WHEN i % 10 = 0 THEN 'standard' ELSE 'trial' END,
         now() - i * interval '1 minute'
       FROM generate_series(1, $1::int) AS i`,
      [companies],
    );
    await client.query(
      `INSERT INTO identities (id, email, username, email_verified_at)
       SELECT md5('identity-' || i)::uuid, 'owner.' || i || '@bench-' || i || '.example.com',
         'bench_owner_' || i, now()
       FROM generate_series(1, $1::int) AS i`,
      [companies],
    );
    await client.query(
      `INSERT INTO profiles (identity_id, company_id, first_name, last_name, role)
       SELECT md5('identity-' || i)::uuid, md5('company-' || i)::uuid, 'Owner', i::text, 'owner'
       FROM generate_series(1, $1::int) AS i`,
      [companies],
    );
    // Client IDs shaped like real ones (dfc_ and 22 characters); never verified, so no secret is needed.
    await client.query(
      `INSERT INTO api_clients
         (client_id, company_id, label, api_type, scope, status, secret_hash, secret_start, expired_at)
       SELECT 'dfc_' || substr(translate(encode(sha256(('client-' || i || '-' || j)::bytea), 'base64'),
                '+/=', 'xyz'), 1, 22),
         c.id, 'Token ' || j, 'rest', '{}'::jsonb, 'active', md5('secret-' || i || '-' || j), 'dfs_bench',
         c.trial_ends_at
       FROM generate_series(1, $1::int) AS i
       CROSS JOIN generate_series(1, $2::int) AS j
       JOIN companies c ON c.id = md5('company-' || i)::uuid`,
      [companies, tokens],
    );
    await client.query(
      `INSERT INTO upgrade_requests (company_id, requested_by, requested_at)
       SELECT md5('company-' || i)::uuid, md5('identity-' || i)::uuid, now() - i * interval '1 second'
       FROM generate_series(1, $1::int) AS i WHERE i % 20 = 2`,
      [companies],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/** Figure 4's call: the search, sorted by name, first page of 25 (the baseline runs this statement). */
export const consoleSearchPath = () =>
  `${consoleCompanies.searchCompanies.path}?${new URLSearchParams({
    q: settings.consoleSearch,
    sort: 'name',
    order: 'asc',
    pageSize: '25',
  }).toString()}`;

/** RFC 4648 base32 (the TOTP secret as the setup answers it). */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const character of text.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(character);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The 6-digit code an authenticator shows now (RFC 6238: HMAC-SHA-1, 30 s steps). */
function totpNow(secret: string): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 15;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const refreshCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${REFRESH_COOKIE}=`))
    ?.split(';')[0]
    ?.slice(REFRESH_COOKIE.length + 1);

/** A support staff member's console session, refreshed (the cookie rotates) for each portal child. */
export class StaffSession {
  token = '';
  expected = new Map<string, unknown>();

  private constructor(private refreshToken: string) {}

  /** `staff create`, the emailed setup link, the setup, and a sign-in with a recovery code. */
  static async start(portalUrl: string, deployment: Deployment): Promise<StaffSession> {
    const email = `bench.staff.${randomBytes(4).toString('hex')}@example.com`;
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', OPERATOR_CLI, 'staff', 'create', email, '--role', 'support'],
      // APP_URL: on PostgreSQL a command that emails a link needs the portal's address (env.ts).
      { env: { ...process.env, ...portalEnvironment(deployment), APP_URL: portalUrl, LOG_LEVEL: 'warn' } },
    );
    const setupToken = await verificationTokenFor(deployment.databaseUrl, email);
    const setup = await callPortal<{ totpSecret: string }>(
      portalUrl,
      `${staffConsole.getStaffSetup.path}?token=${encodeURIComponent(setupToken)}`,
      { method: 'GET' },
      200,
      seedHeaders,
    );
    const password = `pw-${randomBytes(8).toString('hex')}-correct-horse`;
    const { recoveryCodes } = await postToPortal<{ recoveryCodes: string[] }>(
      portalUrl,
      staffConsole.completeStaffSetup.path,
      { token: setupToken, password, code: totpNow(setup.totpSecret) },
      200,
      { extraHeaders: seedHeaders },
    );
    // The setup spent this 30 s step's code: a recovery code signs in without waiting for the next.
    const response = await fetch(`${portalUrl}${staffConsole.consoleLogin.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...seedHeaders() },
      body: JSON.stringify({ email, password, code: recoveryCodes[0] }),
    });
    const refreshToken = refreshCookieOf(response);
    if (response.status !== 200 || !refreshToken) {
      throw new Error(`console sign-in answered ${response.status}: ${await response.text()}`);
    }
    const session = new StaffSession(refreshToken);
    session.token = ((await response.json()) as { token: string }).token;
    return session;
  }

  async refresh(portalUrl: string): Promise<void> {
    const response = await fetch(`${portalUrl}${staffConsole.consoleRefresh.path}`, {
      method: 'POST',
      headers: { cookie: `${REFRESH_COOKIE}=${this.refreshToken}`, ...seedHeaders() },
    });
    const rotated = refreshCookieOf(response);
    if (response.status !== 200 || !rotated) {
      throw new Error(`console refresh answered ${response.status}: ${await response.text()}`);
    }
    this.refreshToken = rotated;
    this.token = ((await response.json()) as { token: string }).token;
  }
}
