// Rotation with a grace period (issue 12, design §9): both secrets verify until the old one's end, which
// can be brought forward; past it the old secret is refused at once, before the retirement sweep, and the
// sweep revokes it exactly once, announced to the data feed.
import { eq, lte } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ROLE_REFUSALS, type ClientCredentials } from '@datafeeds/domain';
import { apiClients, credentialEvents, profiles } from '../../../src/db/schema.ts';
import { auditRows, companyIdOf } from '../../helpers/audit.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { login } from '../../helpers/factories.ts';
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
import { newVerifierKey, verified } from '../../helpers/verification.ts';

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
  (await app.db.select().from(credentialEvents).where(eq(credentialEvents.clientId, clientId))).map(
    ({ kind, effect }) => `${kind}:${effect}`,
  );

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
      method: 'POST',
      url: '/api/RotateClient',
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
    expect(await eventKinds(old.clientId)).toEqual(['created:none', 'retiring:changed', 'retired:revoked']);
    const ended = (await auditRows(app)).findLast((row) => row.kind === 'credential.grace_ended');
    expect(ended?.detail).toMatchObject({ clientId: old.clientId, why: 'deleted' });
    // Deleting the old secret by its own id is not how it ends: it is no token of the list.
    const other = await graceRotation();
    expect((await deleteClient(app, other.user.token, other.old.clientId)).statusCode).toBe(404);
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
  it('counts the old secret’s verifications since the rotation’s hour', async () => {
    const { user, old, next } = await graceRotation();
    for (let i = 0; i < 3; i += 1) await codeOf(old.clientSecret);
    await verified(app, key, { secret: old.clientSecret, scope: 'mlbLive' }); // refused, still counted
    await codeOf(next.clientSecret);
    await app.usageMeter?.flush();
    const [listed] = await clientsOf(app, user.token);
    expect(listed?.rotationGrace).toMatchObject({ clientId: old.clientId, requestsSinceRotation: 4 });
  });
});
