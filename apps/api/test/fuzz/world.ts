// The fuzzer's world: an attacker who is signed in (session, refresh cookie, tokens of their own) and
// owns nothing else; two other companies whose rows must never change; a live, a revoked and another
// service's verifier key. Made through the real calls (test/helpers), like every route test's data.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { account, auth, team } from '@datafeeds/domain/calls';
import {
  apiClients,
  auditEvents,
  companies,
  credentialEvents,
  emailVerificationTokens,
  identities,
  invitations,
  profiles,
  refreshTokens,
  sessions,
  upgradeRequests,
  verifierKeys,
} from '../../src/db/schema.ts';
import { REFRESH_COOKIE } from '../../src/lib/session-cookies.ts';
import {
  bearer,
  callTo,
  latestEmail,
  linkParam,
  login,
  refreshCookieOf,
  registerUser,
  type SignedIn,
} from '../helpers/factories.ts';
import { createdClient, rotateClient, verifiedUser } from '../helpers/tokens.ts';
import { newVerifierKey } from '../helpers/verification.ts';
import { OWN_CLIENT_ID, OWN_PASSWORD, type KnownValues } from './arbitraries.ts';

interface Attacker {
  companyId: string;
  token: string;
  refreshCookie: string;
  email: string;
  username: string;
  password: string;
}

export interface World {
  attacker: Attacker;
  verifierKey: string;
  known: KnownValues;
  /** The other companies' rows, as they are now. */
  /** The other companies' rows a route could touch, table by table: what a failure report diffs. */
  snapshot(): Promise<Record<string, unknown[]>>;
  /** One digest per table of `snapshot`'s rows, in one query: what is compared after every call. */
  digests(): Promise<string[]>;
  /** The text with OWN_CLIENT_ID and OWN_PASSWORD replaced by the attacker's current values. */
  resolve(text: string): Promise<string>;
  /** After an answer to the attacker: keep the refresh cookie it set, sign in again if signed out. */
  follow(response: LightMyRequestResponse): Promise<void>;
}

/** One table of the other companies' rows: which rows, and in which order they are compared. */
interface WatchedRows {
  name: string;
  table: PgTable;
  where: SQL;
  order: PgColumn;
}

const localAddress = () => `10.${randomBytes(3).join('.')}`;

async function identityOf(app: FastifyInstance, email: string) {
  const [row] = await app.db
    .select({ id: identities.id, companyId: profiles.companyId })
    .from(identities)
    .innerJoin(profiles, eq(profiles.identityId, identities.id))
    .where(eq(sql`lower(${identities.email})`, email.toLowerCase()));
  if (!row) throw new Error(`no identity for ${email}`);
  return row;
}

async function attackerFrom(app: FastifyInstance, user: SignedIn): Promise<Attacker> {
  return {
    companyId: (await identityOf(app, user.registration.email)).companyId,
    token: user.token,
    refreshCookie: user.refreshCookie,
    email: user.registration.email,
    username: user.registration.username,
    password: user.registration.password,
  };
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  // Victim A: verified, three tokens (one rotated, so its old id and secret are dead), an open upgrade
  // request and a second session. Victim B: unverified, with a pending token and an open verification link.
  const victimA = await verifiedUser(app);
  const a1 = await createdClient(app, victimA.token);
  const a2 = await createdClient(app, victimA.token, {
    apiType: 'graphql',
    liveGame: false,
    postGame: true,
    sports: ['nfl', 'mlb'],
  });
  const a3 = await createdClient(app, victimA.token);
  const rotated = await rotateClient(app, victimA.token, a3.clientId);
  expect(rotated.statusCode, rotated.body).toBe(200);
  const a3New = rotated.json<{ clientId: string; clientSecret: string }>();
  const upgrade = await app.inject({
    ...callTo(account.upgradeAccount),
    headers: bearer(victimA.token),
    payload: {},
  });
  expect(upgrade.statusCode, upgrade.body).toBe(200);
  // A pending invitation of victim A's company, whose id the attacker knows (its link they do not).
  const victimInvitation = await app.inject({
    ...callTo(team.inviteMember),
    headers: bearer(victimA.token),
    payload: { email: `invited.${randomBytes(5).toString('hex')}@example.com`, role: 'admin' },
  });
  expect(victimInvitation.statusCode, victimInvitation.body).toBe(201);
  const secondSession = await login(app, victimA.registration.email, victimA.registration.password);
  expect(secondSession.statusCode, secondSession.body).toBe(200);
  const victimB = await registerUser(app);
  const b1 = await createdClient(app, victimB.token);
  const victimKey = await app.verifierKeys.create('victim feed');

  // The attacker: verified, two tokens of their own, and a signed-out session whose access token is dead.
  const attacker = await attackerFrom(app, await verifiedUser(app));
  const own = [await createdClient(app, attacker.token), await createdClient(app, attacker.token)];
  const oldSession = await login(app, attacker.email, attacker.password, localAddress());
  const deadToken = oldSession.json<{ token: string }>().token;
  await app.inject({ ...callTo(auth.logout), headers: bearer(deadToken) });
  // A live reset link of the attacker's own, so the reset call runs to the end now and then.
  const forgot = await app.inject({ ...callTo(auth.forgotPassword), payload: { email: attacker.email } });
  expect(forgot.statusCode, forgot.body).toBe(200);
  const resetToken = linkParam(
    await latestEmail(app, attacker.email, /Reset your DataFeeds password/),
    'resetToken',
  );
  const verifierKey = await newVerifierKey(app, 'fuzz feed');
  const revokedKey = await app.verifierKeys.create('revoked feed');
  await app.verifierKeys.revoke(revokedKey.row.id);

  const victims = await Promise.all(
    [victimA, victimB].map((victim) => identityOf(app, victim.registration.email)),
  );
  const attackerIds = await identityOf(app, attacker.email);
  const identityIds = victims.map((victim) => victim.id);
  const companyIds = victims.map((victim) => victim.companyId);
  const victimSessions = app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(inArray(sessions.identityId, identityIds));

  const known: KnownValues = {
    emails: [attacker.email, victimA.registration.email, victimB.registration.email],
    usernames: [attacker.username, victimA.registration.username, victimB.registration.username],
    // The attacker's own only: knowing a victim's password is being the victim.
    passwords: [attacker.password],
    clientIds: [...own, a1, a2, a3, a3New, b1].map((client) => client.clientId),
    // Verification reads any company's token by design (the verifier key is the authority there).
    secrets: [...own, a1, a2, a3, a3New, b1].map((client) => client.clientSecret),
    tokens: [resetToken],
    ids: [
      ...identityIds,
      ...companyIds,
      attackerIds.id,
      attackerIds.companyId,
      victimKey.row.id,
      victimInvitation.json<{ id: string }>().id,
    ],
    forgedAuthorizations: [
      `Bearer ${deadToken}`,
      `Bearer ${revokedKey.key}`,
      `Bearer ${victimA.refreshCookie}`,
      `Bearer ${a1.clientSecret}`,
      `Bearer ${verifierKey}`.toLowerCase(),
    ],
  };

  // Everything of the other companies a route could touch. Not compared: password_reset_tokens and
  // outbox_emails, because "forgot password" for any address adds both by design (spec §4: it answers
  // the same for every address and emails the owner), so they change without anyone being harmed; and
  // failed sign-ins in audit_events, since anyone may try a victim's email and the company is to see it.
  const watched: WatchedRows[] = [
    {
      name: 'identities',
      table: identities,
      where: inArray(identities.id, identityIds),
      order: identities.id,
    },
    {
      name: 'profiles',
      table: profiles,
      where: inArray(profiles.identityId, identityIds),
      order: profiles.identityId,
    },
    { name: 'companies', table: companies, where: inArray(companies.id, companyIds), order: companies.id },
    {
      name: 'apiClients',
      table: apiClients,
      where: inArray(apiClients.companyId, companyIds),
      order: apiClients.clientId,
    },
    {
      name: 'sessions',
      table: sessions,
      where: inArray(sessions.identityId, identityIds),
      order: sessions.id,
    },
    {
      name: 'refreshTokens',
      table: refreshTokens,
      where: inArray(refreshTokens.sessionId, victimSessions),
      order: refreshTokens.id,
    },
    {
      name: 'emailVerificationTokens',
      table: emailVerificationTokens,
      where: inArray(emailVerificationTokens.identityId, identityIds),
      order: emailVerificationTokens.id,
    },
    {
      name: 'upgradeRequests',
      table: upgradeRequests,
      where: inArray(upgradeRequests.companyId, companyIds),
      order: upgradeRequests.id,
    },
    {
      name: 'credentialEvents',
      table: credentialEvents,
      where: inArray(credentialEvents.companyId, companyIds),
      order: credentialEvents.seq,
    },
    {
      name: 'invitations',
      table: invitations,
      where: inArray(invitations.companyId, companyIds),
      order: invitations.id,
    },
    {
      name: 'verifierKeys',
      table: verifierKeys,
      where: eq(verifierKeys.id, victimKey.row.id),
      order: verifierKeys.id,
    },
    {
      name: 'auditEvents',
      table: auditEvents,
      where: and(inArray(auditEvents.companyId, companyIds), ne(auditEvents.kind, 'sign_in.failed'))!,
      order: auditEvents.seq,
    },
  ];

  const snapshot = async () => {
    const tables: Record<string, unknown[]> = {};
    for (const { name, table, where, order } of watched)
      tables[name] = await app.db.select().from(table).where(where).orderBy(asc(order));
    return tables;
  };

  // The same rows as one digest per table, in one query: what every fuzzed call compares (a dozen
  // queries and their rows mapped to objects after each call were most of the fuzz file's time). A row's
  // text form carries every column at full precision, so a digest changes whenever `snapshot` would.
  const digests = async () => {
    const perTable = watched.map(
      ({ table, where, order }) =>
        sql`(select md5(coalesce(string_agg(${table}::text, ',' order by ${order}), '')) from ${table} where ${where})`,
    );
    const result = await app.db.execute(sql`select array[${sql.join(perTable, sql`, `)}] as digests`);
    return (result as unknown as { rows: { digests: string[] }[] }).rows[0]!.digests;
  };

  /** A fresh session for the attacker; a fresh attacker if a fuzzed call changed the password. */
  async function signInAgain() {
    const response = await login(app, attacker.email, attacker.password, localAddress());
    if (response.statusCode === 200) {
      attacker.token = response.json<{ token: string }>().token;
      attacker.refreshCookie = refreshCookieOf(response);
      return;
    }
    Object.assign(attacker, await attackerFrom(app, await verifiedUser(app)));
    await createdClient(app, attacker.token);
  }

  /** A token the attacker still has (a new one if the fuzzed calls deleted them all). */
  async function ownClientId(): Promise<string> {
    const [live] = await app.db
      .select({ clientId: apiClients.clientId })
      .from(apiClients)
      .where(eq(apiClients.companyId, attacker.companyId))
      .orderBy(asc(apiClients.createdAt))
      .limit(1);
    return live?.clientId ?? (await createdClient(app, attacker.token)).clientId;
  }

  return {
    attacker,
    verifierKey,
    known,
    snapshot,
    digests,
    async resolve(text) {
      let resolved = text.replaceAll(OWN_PASSWORD, attacker.password);
      if (resolved.includes(OWN_CLIENT_ID))
        resolved = resolved.replaceAll(OWN_CLIENT_ID, await ownClientId());
      return resolved;
    },
    async follow(response) {
      const cookie = response.cookies.find((candidate) => candidate.name === REFRESH_COOKIE);
      if (cookie?.value) attacker.refreshCookie = cookie.value;
      const cleared = cookie !== undefined && !cookie.value;
      // A 401 may be the route's own answer (a wrong password): sign in again only if the session died.
      if (cleared || (response.statusCode === 401 && !(await app.sessions.authenticate(attacker.token)))) {
        await signInAgain();
      }
    },
  };
}
