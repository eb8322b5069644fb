import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES, SCOPE_KEYS, TRIAL_DAYS, clientSchema, type Client } from '@datafeeds/domain';
import { account, auth, tokens } from '@datafeeds/domain/calls';
import { z } from 'zod';
import { isWellFormedClientSecret } from '../../../src/lib/client-credentials.ts';
import { ARGON2_OPTIONS } from '../../../src/plugins/app/users/password-hasher.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { callTo, getUser, latestEmail, linkParam, login, registerUser } from '../../helpers/factories.ts';
import {
  clientsOf,
  createClient,
  createdClient,
  deleteClient,
  listClients,
  rotateClient,
  tokenRequest,
  verifiedUser,
  verifyEmailOf,
} from '../../helpers/tokens.ts';

const clock = testClock(new Date('2026-05-01T12:00:00Z'));
const app = await buildTestApp({ clock });

const enabledKeys = (client: Client) => SCOPE_KEYS.filter((key) => client.scope[key]);

describe('POST /api/CreateClient', () => {
  it('issues a client id and a checksummed secret, and lists the token with its scope', async () => {
    const { token } = await verifiedUser(app);
    const response = await createClient(app, token, tokenRequest({ label: '  Scores widget  ' }));
    expect(response.statusCode).toBe(201);
    const credentials = response.json<{ clientId: string; clientSecret: string }>();
    expect(Object.keys(credentials).sort()).toEqual(['clientId', 'clientSecret']);
    expect(isWellFormedClientSecret(credentials.clientSecret)).toBe(true);

    const user = (await getUser(app, token)).json();
    const [client] = await clientsOf(app, token);
    expect(client).toEqual({
      id: credentials.clientId,
      label: 'Scores widget',
      scope: expect.any(Object),
      status: 'active',
      inReview: false,
      apiType: 'rest',
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
      expiredAt: user.trialEndsAt,
      lastUsedAt: null,
      dailyCap: null,
      rotationGrace: null,
    });
    expect(Object.keys(client?.scope ?? {}).sort()).toEqual([...SCOPE_KEYS].sort());
    expect(client && enabledKeys(client).sort()).toEqual(['nfl', 'nflLive', 'nhl', 'nhlLive']);
  });

  it.each([
    ['post game', { liveGame: false, postGame: true, sports: ['mlb'] }, ['mlb']],
    ['pre game', { liveGame: false, preGame: true, sports: ['nba'] }, ['nbaPreGame']],
    [
      'every timing',
      { liveGame: true, preGame: true, postGame: true, sports: ['pga'] },
      ['pga', 'pgaLive', 'pgaPreGame'],
    ],
    [
      'graphql',
      { apiType: 'graphql', liveGame: false, postGame: true, sports: ['nfl', 'mlb'] },
      ['mlb', 'nfl'],
    ],
  ] as const)('maps %s to the scope keys', async (_name, overrides, keys) => {
    const { token } = await verifiedUser(app);
    await createdClient(app, token, { ...overrides, sports: [...overrides.sports] });
    const [client] = await clientsOf(app, token);
    expect(client && enabledKeys(client).sort()).toEqual(keys);
  });

  it.each([
    ['no sport', { sports: [] }, 'sports', MESSAGES.sportRequired],
    ['an unknown sport', { sports: ['cricket'] }, 'sports.0', 'Unknown sport'],
    ['no timing', { liveGame: false, preGame: false, postGame: false }, 'liveGame', MESSAGES.timingRequired],
    [
      'a sport GraphQL does not offer',
      { apiType: 'graphql', sports: ['nfl', 'nba'] },
      'sports',
      'NBA is not offered through the GraphQL API',
    ],
    [
      'a sport that gets no feed',
      { liveGame: false, preGame: true, sports: ['nfl', 'soccer'] },
      'sports',
      'SOCCER has no feed for the selected timing; add Live Feed or Post Game',
    ],
    [
      'a nickname shorter than 2 after trimming',
      { label: '  a ' },
      'label',
      'Token Nickname length must be at least 2 characters long',
    ],
    [
      'an unknown api type',
      { apiType: 'soap' },
      'apiType',
      'API Type length must be at least 2 characters long',
    ],
  ])('refuses %s with a message naming the problem', async (_name, overrides, field, message) => {
    const { token } = await verifiedUser(app);
    const response = await createClient(app, token, { ...tokenRequest(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: ERROR_CODES.validation, message });
    expect(response.json().details).toContainEqual({ field, message });
    expect(await clientsOf(app, token)).toEqual([]);
  });

  it('makes a token pending until its owner verifies the email, then active', async () => {
    const user = await registerUser(app);
    await createdClient(app, user.token);
    expect((await clientsOf(app, user.token))[0]?.status).toBe('pending');
    await verifyEmailOf(app, user);
    expect((await clientsOf(app, user.token))[0]?.status).toBe('active');
  });
});

describe('GET /api/GetClients', () => {
  it('lists newest first and never answers a secret or its hash', async () => {
    const { token } = await verifiedUser(app);
    const first = await createdClient(app, token, { label: 'First' });
    clock.advance(60);
    const second = await createdClient(app, token, { label: 'Second' });
    const response = await listClients(app, token);
    expect(response.json().clients.map((client: Client) => client.label)).toEqual(['Second', 'First']);
    for (const secret of [first.clientSecret, second.clientSecret]) {
      expect(response.body).not.toContain(secret);
      expect(response.body).not.toContain(secret.slice(0, 12));
    }
    expect(response.body).not.toMatch(/secret|hash/i);
  });

  it('answers exactly the response schema, though written without it (nothing added, nothing mistyped)', async () => {
    const { token } = await verifiedUser(app);
    await createdClient(app, token, { label: 'Rest' });
    await createdClient(app, token, { label: 'GraphQL', apiType: 'graphql', sports: ['nfl', 'mlb'] });
    const answer: unknown = (await listClients(app, token)).json();
    // A parse keeps only the schema's fields and checks each: equal means nothing more, nothing wrong.
    const strict = z.strictObject({ clients: z.array(clientSchema.strict()) });
    expect(strict.parse(answer)).toEqual(answer);
  });

  it('answers the one token asked for by ?clientIds, and 404 for an unknown id', async () => {
    const { token } = await verifiedUser(app);
    const wanted = await createdClient(app, token, { label: 'Wanted' });
    const other = await createdClient(app, token, { label: 'Other' });
    const one = await listClients(app, token, wanted.clientId);
    expect(one.statusCode).toBe(200);
    expect(one.json().clients.map((client: Client) => client.id)).toEqual([wanted.clientId]);
    const both = await listClients(app, token, `${wanted.clientId},${other.clientId}`);
    expect(both.json().clients).toHaveLength(2);
    const missing = await listClients(app, token, 'dfc_unknown000000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(ERROR_CODES.notFound);
  });

  it('reads a trial token as expired once the trial has ended', async () => {
    const local = testClock(new Date('2026-06-01T00:00:00Z'));
    const expiring = await buildTestApp({ clock: local });
    const { token, registration } = await verifiedUser(expiring);
    await createdClient(expiring, token);
    // The access token is long expired a month later: sign in again at each moment.
    const signIn = async () =>
      (await login(expiring, registration.email, registration.password)).json<{ token: string }>().token;
    local.advance(TRIAL_DAYS * 86_400 - 1);
    expect((await clientsOf(expiring, await signIn()))[0]?.status).toBe('active');
    local.advance(1);
    const [client] = await clientsOf(expiring, await signIn());
    expect(client?.status).toBe('expired');
    expect(client?.expiredAt).toBe('2026-07-01T00:00:00.000Z');
  });
});

describe('DELETE /api/DeleteClient', () => {
  it('removes the token for good and answers 404 the second time', async () => {
    const { token } = await verifiedUser(app);
    const kept = await createdClient(app, token, { label: 'Kept' });
    const doomed = await createdClient(app, token, { label: 'Doomed' });
    expect((await deleteClient(app, token, doomed.clientId)).statusCode).toBe(204);
    expect((await clientsOf(app, token)).map((client) => client.id)).toEqual([kept.clientId]);
    const again = await deleteClient(app, token, doomed.clientId);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(ERROR_CODES.notFound);
  });
});

describe('POST /api/RotateClient', () => {
  it('replaces the token by a new one with the same permissions and state', async () => {
    const { token } = await verifiedUser(app);
    const old = await createdClient(app, token, { label: 'Rotating', sports: ['nfl', 'darts'] });
    const [before] = await clientsOf(app, token);
    clock.advance(30);
    const response = await rotateClient(app, token, old.clientId);
    expect(response.statusCode).toBe(200);
    const fresh = response.json<{ clientId: string; clientSecret: string }>();
    expect(fresh.clientId).not.toBe(old.clientId);
    expect(fresh.clientSecret).not.toBe(old.clientSecret);
    expect(isWellFormedClientSecret(fresh.clientSecret)).toBe(true);
    const clients = await clientsOf(app, token);
    expect(clients).toHaveLength(1);
    expect(clients[0]).toMatchObject({
      id: fresh.clientId,
      label: before?.label,
      scope: before?.scope,
      apiType: before?.apiType,
      status: before?.status,
      expiredAt: before?.expiredAt,
      createdAt: clock.now().toISOString(),
    });
    expect((await rotateClient(app, token, old.clientId)).statusCode).toBe(404);
  });
});

describe('every token call', () => {
  it.each(
    (
      [
        [tokens.getClients, undefined],
        [tokens.createClient, tokenRequest()],
        [tokens.deleteClient, { clientId: 'x' }],
        [tokens.rotateClient, { clientId: 'x' }],
        [account.upgradeAccount, {}],
      ] as const
    ).map(([call, payload]) => [call.method, call.path, payload] as const),
  )('%s %s needs a signed-in user', async (method, url, payload) => {
    const response = await app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(ERROR_CODES.unauthorized);
  });
});

describe('token status transitions', () => {
  it('a password reset through the emailed link also proves the address and activates pending tokens', async () => {
    const user = await registerUser(app);
    await createdClient(app, user.token);
    await app.inject({ ...callTo(auth.forgotPassword), payload: { email: user.registration.email } });
    const resetToken = linkParam(await latestEmail(app, user.registration.email, /Reset/), 'resetToken');
    const reset = await app.inject({
      ...callTo(auth.resetPassword),
      payload: { resetToken, password: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    const token = (await login(app, user.registration.email, 'a-brand-new-password')).json().token as string;
    expect((await clientsOf(app, token))[0]?.status).toBe('active');
  });

  it('an identity without a portal profile is sent to complete it first', async () => {
    const email = `no-profile.${Date.now()}@example.com`;
    await app.users.createIdentity(
      {
        email,
        username: `no_profile_${Date.now()}`,
        passwordHash: await hash('sister-password', ARGON2_OPTIONS),
      },
      app.db,
    );
    const token = (await login(app, email, 'sister-password')).json().token as string;
    for (const response of [await listClients(app, token), await createClient(app, token)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(ERROR_CODES.profileNotFound);
    }
  });
});
