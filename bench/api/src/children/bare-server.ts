// The baseline's server (bare-pg.ts starts it as a child; the bench's tests run it in their own
// process): node's http server and `pg` doing, per request, what the answer needs and no more — check
// the bearer access token's HS256 signature and expiry with node:crypto, then run the SQL the portal
// runs for that call, in the same order, prepared under the same names or unnamed as the portal sends
// them, in array row mode like drizzle's (objects for a raw statement, as drizzle's `execute` answers
// them), and answer the same JSON. No framework, no validation, no rate limit, no logs. The console's
// search (figure 4) checks the staff session instead of the customer's.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import { BARE_SQL, BARE_STATEMENT_NAMES } from './bare-sql.ts';

// Timestamps come as PostgreSQL's text and become ISO strings through V8's own date parser, as drizzle
// reads them, rather than through pg's default parser, which costs far more.
const TIMESTAMPTZ = 1184;
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ ? (text: string) => text : pg.types.getTypeParser(oid, format),
};

type Row = unknown[];
const query = async (pool: pg.Pool, statement: keyof typeof BARE_SQL, values: unknown[]): Promise<Row[]> => {
  const name = BARE_STATEMENT_NAMES[statement];
  const text = BARE_SQL[statement];
  return (await pool.query<Row>({ ...(name ? { name } : {}), text, values, rowMode: 'array', types })).rows;
};
/** A raw statement of the portal's (drizzle's `execute`) is answered as objects, not arrays. */
const queryObjects = async <T extends object>(
  pool: pg.Pool,
  statement: keyof typeof BARE_SQL,
  values: unknown[],
) => (await pool.query<T>({ text: BARE_SQL[statement], values, types })).rows;

/** `{ sub, sid }` of a valid, unexpired token signed with the session secret, else undefined. */
function caller(key: Buffer, authorization: string | undefined): { sub: string; sid: string } | undefined {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return undefined;
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    sub?: string;
    sid?: string;
    exp?: number;
  };
  if (!claims.sub || !claims.sid || !claims.exp || claims.exp * 1000 <= Date.now()) return undefined;
  return { sub: claims.sub, sid: claims.sid };
}

const iso = (value: unknown) => (typeof value === 'string' ? new Date(value).toISOString() : null);

async function getUser(pool: pg.Pool, { identityId }: Caller) {
  const [row] = await query(pool, 'user', ['open', identityId]);
  if (!row) return undefined;
  // identities.id, email, username, email_verified_at, created_at, profiles.first_name, last_name,
  // phone, role, trial_reminders, companies.name, account_status, suspended_from, trial_ends_at,
  // upgrade requested_at
  return {
    id: row[0],
    email: row[1],
    username: row[2],
    firstName: row[5],
    lastName: row[6],
    phone: row[7],
    companyName: row[10],
    companyAccountStatus: row[11],
    emailVerified: row[3] !== null,
    trialEndsAt: iso(row[13]),
    createdAt: iso(row[4]),
    upgradeRequestedAt: iso(row[14]),
    role: row[8],
    trialReminders: row[9],
    suspension:
      row[11] === 'suspended'
        ? { from: row[12] === 'paid' ? 'paid' : 'trial', contact: 'provider-team@datafeeds.example' }
        : null,
  };
}

async function getClients(pool: pg.Pool, { companyId }: Caller) {
  if (companyId === null) return undefined;
  const rows = await query(pool, 'clients', [companyId]);
  const now = new Date();
  // client_id, label, scope, status, in_review, api_type, created_at, updated_at, expired_at,
  // last_used_at, retiring client_id, retires_at, requests since the rotation, daily_cap (a bigint: text)
  return {
    clients: rows.map((row) => {
      const expiredAt = row[8] === null ? null : new Date(row[8] as string);
      const stored = row[3] as string;
      const expirable = stored === 'active' || stored === 'pending' || stored === 'review';
      const retiresAt = row[11] === null ? null : new Date(row[11] as string);
      return {
        id: row[0],
        label: row[1],
        scope: row[2],
        status: expiredAt && expiredAt <= now && expirable ? 'expired' : stored,
        inReview: row[4],
        apiType: row[5],
        createdAt: iso(row[6]),
        updatedAt: iso(row[7]),
        expiredAt: expiredAt?.toISOString() ?? null,
        lastUsedAt: iso(row[9]),
        dailyCap: row[13] === null ? null : Number(row[13]),
        rotationGrace:
          retiresAt && retiresAt > now
            ? {
                clientId: row[10],
                rotatedAt: iso(row[6]),
                endsAt: retiresAt.toISOString(),
                requestsSinceRotation: row[12],
              }
            : null,
      };
    }),
  };
}

interface CompanyRow {
  id: string;
  name: string;
  account_status: string;
  plan_name: string;
  trial_ends_at: string | null;
  created_at: string;
  total: number;
  owner_email: string | null;
  members: number;
  tokens: number;
  upgrade_requested: boolean;
}

/** The console's company search (figure 4): `q` sorted by name, a page of `pageSize` (25 by default). */
async function searchCompanies(pool: pg.Pool, search: URLSearchParams) {
  const q = search.get('q') ?? '';
  const pageSize = Number(search.get('pageSize') ?? 25);
  const literal = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
  // The client ID part as the portal reads it: its start or its end, a leading ellipsis dropped.
  const fragment = q.replace(/^\s*(…|\.\.\.)\s*/, '');
  const prefix = `${literal(fragment)}%`;
  const reversed = `${literal([...fragment].reverse().join(''))}%`;
  const rows = await queryObjects<CompanyRow>(pool, 'companySearch', [q, q, prefix, reversed, pageSize, 0]);
  return {
    companies: rows.map((row) => ({
      id: row.id,
      name: row.name,
      ownerEmail: row.owner_email,
      accountStatus: row.account_status,
      plan: row.plan_name,
      trialEndsAt: iso(row.trial_ends_at),
      createdAt: iso(row.created_at),
      members: row.members,
      tokens: row.tokens,
      upgradeRequested: row.upgrade_requested,
    })),
    page: 0,
    pageSize,
    total: rows[0]?.total ?? 0,
  };
}

/** A console call: the staff session is live and its member enabled, then the answer. */
async function answerConsole(pool: pg.Pool, auth: { sub: string; sid: string }, search: URLSearchParams) {
  const [live] = await query(pool, 'staffSession', [auth.sid, auth.sub, new Date()]);
  return live ? searchCompanies(pool, search) : undefined;
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/** Who is calling, as the session query resolves it (company and role null without a profile). */
interface Caller {
  identityId: string;
  companyId: string | null;
}

const ROUTES: Record<string, (pool: pg.Pool, caller: Caller) => Promise<unknown>> = {
  '/api/GetUser': getUser,
  '/api/GetClients': getClients,
};

const CONSOLE_SEARCH = '/api/console/companies';

/**
 * The baseline's HTTP server on a pool of the caller's (bare-pg.ts: 10 connections, like the portal's);
 * `close` stops it, after which calls cut off by the shutdown are not reported as failures.
 */
export function createBareServer(pool: pg.Pool, sessionSecret: string) {
  const key = Buffer.from(sessionSecret, 'utf8');
  let closing = false;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bare');
    if (url.pathname === CONSOLE_SEARCH && request.method === 'GET') {
      const auth = caller(key, request.headers.authorization);
      if (!auth) return send(response, 401, { error: 'unauthorized' });
      answerConsole(pool, auth, url.searchParams).then(
        (answer) => send(response, answer ? 200 : 401, answer ?? { error: 'unauthorized' }),
        (error: unknown) => {
          if (!closing) console.error(error);
          if (!response.destroyed) send(response, 500, { error: 'internal' });
        },
      );
      return;
    }
    const route = ROUTES[request.url ?? ''];
    if (!route || request.method !== 'GET') return send(response, 404, { error: 'not_found' });
    const auth = caller(key, request.headers.authorization);
    if (!auth) return send(response, 401, { error: 'unauthorized' });
    query(pool, 'session', [auth.sid, auth.sub])
      .then(async ([live]) =>
        live
          ? ((await route(pool, { identityId: auth.sub, companyId: (live[0] as string | null) ?? null })) ??
            null)
          : undefined,
      )
      .then(
        (answer) => {
          if (answer === undefined) send(response, 401, { error: 'unauthorized' });
          else if (answer === null) send(response, 404, { error: 'profile_not_found' });
          else send(response, 200, answer);
        },
        (error: unknown) => {
          // Calls cut off by the shutdown (the load generator gone, the pool ended) are not failures.
          if (!closing) console.error(error);
          if (!response.destroyed) send(response, 500, { error: 'internal' });
        },
      );
  });
  return {
    server,
    async close() {
      closing = true;
      await new Promise((done) => server.close(done));
    },
  };
}
