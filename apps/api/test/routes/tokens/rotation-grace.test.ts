// Rotation with a grace period (design §9): both secrets verify until the old one's end, which
// can be brought forward; past it the old secret is refused at once, before the retirement sweep, and the
// sweep revokes it exactly once, announced to the data feed.
import { eq, lte } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ROLE_REFUSALS, type ClientCredentials } from '@datafeeds/domain';
import { tokens } from '@datafeeds/domain/calls';
import { apiClients, credentialEvents, profiles } from '../../../src/db/schema.ts';
import { auditRows, companyIdOf } from '../../helpers/audit.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { callTo, login } from '../../helpers/factories.ts';
import { runOperatorCommand } from '../../../src/operator/commands.ts';
import { testClock } from '../../helpers/clock.ts';
import { openEventStream, type EventStream } from '../../helpers/event-stream.ts';
import {
  clientsOf,
  createdClient,
  deleteClient,
  endRotationGrace,
  listClients,
  rotateClient,
  verifiedUser,
} from '../../helpers/tokens.ts';
import { clientUsage, getClientUsage } from '../../helpers/usage.ts';
import { newVerifierKey, verified } from '../../helpers/verification.ts';
import { moveTrialEnd } from '../../helpers/company-state.ts';

const clock = testClock(new Date('2026-06-01T10:20:00Z'));
const app = await buildTestApp({ clock });
const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
const key = await newVerifierKey(app, 'grace test feed');
const streams: EventStream[] = [];
afterAll(() => streams.forEach((stream) => stream.close()));

const codeOf = async (secret: string) => (await verified(app, key, { secret })).code;

async function rotatedWithGrace(token: string, clientId: string, gracePeriod: '1h' | '24h' | '7d' = '1h') {
  const response = await rotateClient(app, token, clientId, gracePeriod);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClientCredentials>();
}

/** A verified user with a token rotated with a 1-hour grace period: the old and the new credentials. */
async function graceRotation() {
  const user = await verifiedUser(app);
  const old = await createdClient(app, user.token);
  const next = await rotatedWithGrace(user.token, old.clientId);
  return { user, old, next };
}

const eventKinds = async (clientId: string) =>
  (
    await app.db
      .select()
      .from(credentialEvents)
      .where(eq(credentialEvents.clientId, clientId))
      .orderBy(credentialEvents.seq)
  ).map(({ kind, effect }) => `${kind}:${effect}`);

async function withClockMoved<T>(seconds: number, work: () => Promise<T>): Promise<T> {
  const start = clock.now();
  clock.advance(seconds);
  try {
    return await work();
  } finally {
    clock.set(start);
  }
}

describe('POST /api/RotateClient with a grace period', () => {
  it('keeps both secrets valid, the old one until its end, and lists only the new token', async () => {
    const { user, old, next } = await graceRotation();
    const endsAt = new Date(clock.now().getTime() + 3_600_000).toISOString();

    expect(await verified(app, key, { secret: old.clientSecret })).toMatchObject({
      code: 'VALID',
      clientId: old.clientId,
      expiresAt: endsAt, // the earlier of the trial's end and the grace period's
    });
    expect(await codeOf(next.clientSecret)).toBe('VALID');

    const clients = await clientsOf(app, user.token);
    expect(clients.map((client) => client.id)).toEqual([next.clientId]);
    expect(clients[0]?.rotationGrace).toEqual({
      clientId: old.clientId,
      rotatedAt: clock.now().toISOString(),
      endsAt,
      requestsSinceRotation: 0,
    });
    expect((await listClients(app, user.token, old.clientId)).statusCode).toBe(404);
    expect(await eventKinds(old.clientId)).toEqual(['created:none', 'retiring:changed']);

    const rotation = (await auditRows(app)).findLast((row) => row.kind === 'credential.rotated');
    expect(rotation?.detail).toMatchObject({
      clientId: old.clientId,
      newClientId: next.clientId,
      gracePeriod: '1h',
      oldSecretEndsAt: endsAt,
    });
  });

  it('without a grace period (the default) removes the old secret at once, as before', async () => {
    const user = await verifiedUser(app);
    const old = await createdClient(app, user.token);
    const response = await rotateClient(app, user.token, old.clientId, 'none');
    expect(response.statusCode).toBe(200);
    expect(await codeOf(old.clientSecret)).toBe('NOT_FOUND');
    expect(await eventKinds(old.clientId)).toEqual(['created:none', 'rotated:revoked']);
    expect((await clientsOf(app, user.token))[0]?.rotationGrace).toBeNull();
    const rotation = (await auditRows(app)).findLast((row) => row.kind === 'credential.rotated');
    expect(rotation?.detail).toMatchObject({ gracePeriod: 'none' });
  });

  it('refuses to rotate a secret that is itself being retired (409), and an unknown grace period (400)', async () => {
    const { user, old } = await graceRotation();
    const again = await rotateClient(app, user.token, old.clientId, '1h');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: ERROR_CODES.conflict,
      message: expect.stringMatching(/replacement/),
    });
    const bad = await app.inject({
      ...callTo(tokens.rotateClient),
      headers: { authorization: `Bearer ${user.token}` },
      payload: { clientId: old.clientId, gracePeriod: '2h' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: ERROR_CODES.validation });
  });

  it('of two concurrent rotations of one token, exactly one issues a replacement', async () => {
    const user = await verifiedUser(app);
    const old = await createdClient(app, user.token);
    const answers = await Promise.all([
      rotateClient(app, user.token, old.clientId, '24h'),
      rotateClient(app, user.token, old.clientId, '7d'),
      rotateClient(app, user.token, old.clientId, 'none'),
    ]);
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code !== 200).every((code) => code === 404 || code === 409)).toBe(true);
    const companyId = await companyIdOf(app, user.registration.email);
    const rows = await app.db.select().from(apiClients).where(eq(apiClients.companyId, companyId));
    expect(rows.filter((row) => row.retiresAt === null)).toHaveLength(1);
    expect(rows.length).toBeLessThanOrEqual(2);
  });

  it('rotating the new token ends the older grace period now: a token keeps at most one old secret', async () => {
    const { user, old, next } = await graceRotation();
    const third = await rotatedWithGrace(user.token, next.clientId, '24h');
    expect(await codeOf(old.clientSecret)).toBe('NOT_FOUND');
    expect(await codeOf(next.clientSecret)).toBe('VALID');
    expect(await codeOf(third.clientSecret)).toBe('VALID');
    expect(await eventKinds(old.clientId)).toEqual(['created:none', 'retiring:changed', 'retired:revoked']);
    const [listed] = await clientsOf(app, user.token);
    expect(listed?.rotationGrace?.clientId).toBe(next.clientId);
  });

  it('deleting the new token revokes the old secret too, so no secret outlives its token', async () => {
    const { user, old, next } = await graceRotation();
    expect((await deleteClient(app, user.token, next.clientId)).statusCode).toBe(204);
    expect(await codeOf(old.clientSecret)).toBe('NOT_FOUND');
    // Retired, never expired or suspended as a row of its own that a later change could bring back.
    const kinds = await eventKinds(old.clientId);
    expect(kinds.filter((kind) => kind.endsWith(':revoked'))).toEqual(['retired:revoked']);
    expect(kinds.at(-1)).toBe('retired:revoked');
    const ended = (await auditRows(app)).findLast((row) => row.kind === 'credential.grace_ended');
    expect(ended?.detail).toMatchObject({ clientId: old.clientId, why: 'deleted' });
    // Deleting the old secret by its own id is not how it ends: it is no token of the list.
    const other = await graceRotation();
    expect((await deleteClient(app, other.user.token, other.old.clientId)).statusCode).toBe(404);
  });
});

describe('a token that stops takes its old secret with it', () => {
  const operator = async (command: string, ...args: string[]) =>
    expect((await runOperatorCommand(app, { command, args })).ok).toBe(true);

  /** The old secret is revoked (announced, audited with `why`), and the details no longer show it. */
  async function expectOldSecretStopped(
    user: { token: string },
    old: ClientCredentials,
    why: string,
    events?: EventStream,
  ) {
    expect(await codeOf(old.clientSecret)).toBe('NOT_FOUND');
    // Retired, never expired or suspended as a row of its own that a later change could bring back.
    const kinds = await eventKinds(old.clientId);
    expect(kinds.filter((kind) => kind.endsWith(':revoked'))).toEqual(['retired:revoked']);
    expect(kinds.at(-1)).toBe('retired:revoked');
    const ended = (await auditRows(app)).findLast(
      (row) => row.kind === 'credential.grace_ended' && row.detail.clientId === old.clientId,
    );
    expect(ended?.detail).toMatchObject({ why });
    const [listed] = await clientsOf(app, user.token);
    expect(listed?.rotationGrace).toBeNull();
    if (events) {
      const revoked = await events.next(
        (event) => event.event === 'revoked' && event.data.clientId === old.clientId,
      );
      expect(revoked.data).toMatchObject({ reason: 'retired' });
    }
  }

  it.each(['inactive', 'pending', 'expired'] as const)(
    'the provider team setting the new token %s stops the old secret in the same change',
    async (status) => {
      const events = await openEventStream(baseUrl, key);
      streams.push(events);
      const { user, old, next } = await graceRotation();
      expect(await codeOf(old.clientSecret)).toBe('VALID'); // cached now
      await operator('set-token-status', next.clientId, status);
      expect(await codeOf(next.clientSecret)).not.toBe('VALID');
      await expectOldSecretStopped(user, old, 'status_set', events);
    },
  );

  it('a review keeps it: a token under review is usable (design §3)', async () => {
    const { old, next } = await graceRotation();
    await operator('set-token-status', next.clientId, 'review');
    expect(await codeOf(old.clientSecret)).toBe('VALID');
  });

  it('suspending the company stops it for good: reinstating brings back only the token', async () => {
    const { user, old, next } = await graceRotation();
    const companyId = await companyIdOf(app, user.registration.email);
    expect(await codeOf(old.clientSecret)).toBe('VALID');
    await operator('suspend-company', companyId);
    await operator('reinstate-company', companyId, 'trial');
    expect(await codeOf(next.clientSecret)).toBe('VALID');
    await expectOldSecretStopped(user, old, 'suspended');
  });

  it('the trial ending stops it for good: extending the trial brings back only the token', async () => {
    const { user, old, next } = await graceRotation();
    const companyId = await companyIdOf(app, user.registration.email);
    // The trial ends within the grace period: move it to 10 minutes from now.
    const ends = new Date(clock.now().getTime() + 600_000);
    await moveTrialEnd(app, companyId, ends);
    await withClockMoved(601, async () => {
      expect(await app.credentials.expireDue()).toBeGreaterThanOrEqual(1);
      expect(await codeOf(old.clientSecret)).toBe('NOT_FOUND');
    });
    await operator('extend-trial', companyId, '5');
    expect(await codeOf(next.clientSecret)).toBe('VALID');
    await expectOldSecretStopped(user, old, 'expired');
  });
});

describe('POST /api/EndRotationGrace', () => {
  it('stops the old secret at once, keeps the new one, and audits it', async () => {
    const { user, old, next } = await graceRotation();
    expect(await codeOf(old.clientSecret)).toBe('VALID'); // cached now
    const response = await endRotationGrace(app, user.token, next.clientId);
    expect(response.statusCode, response.body).toBe(204);
    expect(await codeOf(old.clientSecret)).toBe('NOT_FOUND');
    expect(await codeOf(next.clientSecret)).toBe('VALID');
    expect((await clientsOf(app, user.token))[0]?.rotationGrace).toBeNull();
    expect(await eventKinds(old.clientId)).toEqual(['created:none', 'retiring:changed', 'retired:revoked']);
    const ended = (await auditRows(app)).findLast((row) => row.kind === 'credential.grace_ended');
    expect(ended).toMatchObject({
      actorKind: 'user',
      detail: { clientId: old.clientId, newClientId: next.clientId, why: 'ended' },
    });
    expect((await endRotationGrace(app, user.token, next.clientId)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id, a token without a grace period, the old id and another company’s token', async () => {
    const { user, old, next } = await graceRotation();
    const stranger = await verifiedUser(app);
    const plain = await createdClient(app, user.token);
    for (const [token, clientId] of [
      [user.token, 'dfc_unknown000000000000000'],
      [user.token, plain.clientId],
      [user.token, old.clientId],
      [stranger.token, next.clientId],
    ] as const) {
      const response = await endRotationGrace(app, token, clientId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: ERROR_CODES.notFound });
    }
    expect(await codeOf(old.clientSecret)).toBe('VALID');
  });

  it('is refused to a member (403), like rotation', async () => {
    const { user, old, next } = await graceRotation();
    const companyId = await companyIdOf(app, user.registration.email);
    await app.db.update(profiles).set({ role: 'member' }).where(eq(profiles.companyId, companyId));
    const response = await endRotationGrace(app, user.token, next.clientId);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: ERROR_CODES.forbidden, message: ROLE_REFUSALS.rotateToken });
    expect(await codeOf(old.clientSecret)).toBe('VALID');
  });
});

describe('the end of a grace period', () => {
  it('refuses the old secret from its end on, cached or not, before the sweep; the sweep revokes it once', async () => {
    const events = await openEventStream(baseUrl, key);
    streams.push(events);
    const { user, old, next } = await graceRotation();
    // Told as a change first: a data feed drops what it cached and learns the new end on its next ask.
    const retiring = await events.next(
      (event) => event.event === 'changed' && event.data.clientId === old.clientId,
    );
    expect(retiring.data).toMatchObject({ reason: 'retiring' });
    expect(await codeOf(old.clientSecret)).toBe('VALID'); // cached with its end

    await withClockMoved(3_600, async () => {
      expect(await codeOf(old.clientSecret)).toBe('EXPIRED');
      expect(await codeOf(next.clientSecret)).toBe('VALID');
      // The session of an hour ago has expired: sign in again.
      const { email, password } = user.registration;
      const { token } = (await login(app, email, password)).json<{ token: string }>();
      expect((await clientsOf(app, token))[0]?.rotationGrace).toBeNull();

      // Other tests' grace periods have ended too: each is retired by exactly one of the sweeps.
      const due = await app.db.select().from(apiClients).where(lte(apiClients.retiresAt, clock.now()));
      expect(due.map((row) => row.clientId)).toContain(old.clientId);
      const counts = await Promise.all([app.credentials.retireDue(), app.credentials.retireDue()]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(due.length);
      expect(await app.credentials.retireDue()).toBe(0);
      expect(await codeOf(old.clientSecret)).toBe('NOT_FOUND');
    });
    const revoked = await events.next(
      (event) => event.event === 'revoked' && event.data.clientId === old.clientId,
    );
    expect(revoked.data).toMatchObject({ reason: 'retired' });
    expect(await eventKinds(old.clientId)).toEqual(['created:none', 'retiring:changed', 'retired:revoked']);
    const audits = (await auditRows(app)).filter(
      (row) => row.kind === 'credential.grace_ended' && row.detail.clientId === old.clientId,
    );
    expect(audits).toEqual([
      expect.objectContaining({ actorKind: 'system', detail: expect.objectContaining({ why: 'elapsed' }) }),
    ]);
  });

  it('the sweep leaves secrets whose grace period still runs', async () => {
    const { old } = await graceRotation();
    await withClockMoved(3_599, async () => {
      await app.credentials.retireDue();
      expect(await codeOf(old.clientSecret)).toBe('VALID');
    });
  });
});

describe('GET /api/GetClients rotationGrace', () => {
  it('counts the old secret’s verifications since the rotation, not those earlier in its hour', async () => {
    const user = await verifiedUser(app);
    const old = await createdClient(app, user.token);
    for (let i = 0; i < 5; i += 1) await codeOf(old.clientSecret); // this hour, before the rotation
    await app.usageMeter?.flush();
    const next = await rotatedWithGrace(user.token, old.clientId);
    expect((await clientsOf(app, user.token))[0]?.rotationGrace?.requestsSinceRotation).toBe(0);
    for (let i = 0; i < 3; i += 1) await codeOf(old.clientSecret);
    await verified(app, key, { secret: old.clientSecret, scope: 'mlbLive' }); // refused, still counted
    await codeOf(next.clientSecret);
    await app.usageMeter?.flush();
    const [listed] = await clientsOf(app, user.token);
    expect(listed?.rotationGrace).toMatchObject({ clientId: old.clientId, requestsSinceRotation: 4 });
  });
});

describe('a token keeps its history across rotations', () => {
  const getClient = (token: string, clientId: string) => listClients(app, token, clientId);

  /** A token used twice, rotated at once, used three times, rotated with a grace period, used by both. */
  async function rotatedTwice() {
    const user = await verifiedUser(app);
    const first = await createdClient(app, user.token, { sports: ['nfl'] });
    for (let i = 0; i < 2; i += 1) await codeOf(first.clientSecret);
    const second = (await rotateClient(app, user.token, first.clientId, 'none')).json<ClientCredentials>();
    for (let i = 0; i < 3; i += 1) await codeOf(second.clientSecret);
    const third = await rotatedWithGrace(user.token, second.clientId);
    await codeOf(second.clientSecret);
    await verified(app, key, { secret: third.clientSecret, scope: 'mlbLive' }); // refused, still counted
    await app.usageMeter?.flush();
    return { user, first, second, third };
  }

  it('one usage history covers every client ID of the token, and its last use carries over', async () => {
    const { user, first, second, third } = await rotatedTwice();
    const usage = await clientUsage(app, user.token, { clientId: third.clientId, days: '30' });
    // The token's own first, then those it replaced (newest first; the test clock stands still).
    expect(usage.clientIds[0]).toBe(third.clientId);
    expect([...usage.clientIds].sort()).toEqual([first.clientId, second.clientId, third.clientId].sort());
    expect(usage.totals).toEqual({ requests: 7, valid: 6, refused: 1 });
    expect(usage.lastUsedAt).toBe(clock.now().toISOString());
    const [listed] = await clientsOf(app, user.token);
    expect(listed?.lastUsedAt).toBe(clock.now().toISOString());
  });

  it('asking for a replaced client ID answers 404 naming the token’s client ID now', async () => {
    const { user, first, second, third } = await rotatedTwice();
    for (const clientId of [first.clientId, second.clientId]) {
      const response = await getClient(user.token, clientId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: ERROR_CODES.notFound,
        message: 'No API token with this client ID was found in your account.',
        replacedBy: third.clientId,
      });
      const usage = await getClientUsage(app, user.token, { clientId });
      expect(usage.statusCode).toBe(404);
      expect(usage.json()).toMatchObject({ replacedBy: third.clientId });
    }
    // Another company learns nothing, and a deleted token leads nowhere.
    const stranger = await verifiedUser(app);
    expect((await getClient(stranger.token, first.clientId)).json()).not.toHaveProperty('replacedBy');
    expect((await deleteClient(app, user.token, third.clientId)).statusCode).toBe(204);
    const gone = await getClient(user.token, first.clientId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).not.toHaveProperty('replacedBy');
  });

  it('the rotation answer says until when the old secret works', async () => {
    const user = await verifiedUser(app);
    const old = await createdClient(app, user.token);
    const graced = await rotatedWithGrace(user.token, old.clientId, '24h');
    expect(graced).toMatchObject({
      oldSecretWorksUntil: new Date(clock.now().getTime() + 86_400_000).toISOString(),
    });
    const at = await rotateClient(app, user.token, graced.clientId, 'none');
    expect(at.json()).toMatchObject({ oldSecretWorksUntil: null });
  });
});
