// Rotation with a grace period on several portal instances over one PostgreSQL (design §9): both secrets
// verify through every instance, ending the grace period on one is refused through the others within
// the bus latency, and the retirement of an elapsed secret happens exactly once, whichever instances
// sweep, and still after a restart.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClientCredentials } from '@datafeeds/domain';
import { buildApp } from '../../src/app.ts';
import { credentialEvents } from '../../src/db/schema.ts';
import { runOperatorCommand } from '../../src/operator/commands.ts';
import { auditRows } from '../helpers/audit.ts';
import { TEST_SECRETS, testEnv } from '../helpers/build-test-app.ts';
import { testClock } from '../helpers/clock.ts';
import { openEventStream, type EventStream } from '../helpers/event-stream.ts';
import { lazy } from '../helpers/lazy.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/test-database.ts';
import { createdClient, endRotationGrace, rotateClient, verifiedUser } from '../helpers/tokens.ts';
import { verified } from '../helpers/verification.ts';

const clock = testClock(new Date('2026-09-01T09:30:00Z'));
const opened: FastifyInstance[] = [];
const streams: EventStream[] = [];
afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

/** One portal instance on the shared database, its bus PostgreSQL LISTEN/NOTIFY. */
async function instance(expirySweepMs = 0): Promise<FastifyInstance> {
  const app = await buildApp({
    env: testEnv({ DATABASE_URL: await testDatabaseUrl(), RATE_LIMIT_SCALE: '1000' }),
    secrets: TEST_SECRETS,
    serveWebApp: false,
    clock,
    expirySweepMs,
    usageFlushMs: 0,
  });
  opened.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  expect(app.credentialBus.kind).toBe('postgres');
  return app;
}

const baseUrlOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const codeOn = async (app: FastifyInstance, key: string, secret: string) =>
  (await verified(app, key, { secret })).code;

/** A token rotated on `app` with a 1-hour grace period: the old and the new credentials. */
async function rotatedOn(app: FastifyInstance) {
  const user = await verifiedUser(app);
  const old = await createdClient(app, user.token);
  const response = await rotateClient(app, user.token, old.clientId, '1h');
  expect(response.statusCode, response.body).toBe(200);
  return { user, old, next: response.json<ClientCredentials>() };
}

const recorded = async (app: FastifyInstance, clientId: string) => ({
  events: (await app.db.select().from(credentialEvents).where(eq(credentialEvents.clientId, clientId))).map(
    (row) => row.kind,
  ),
  audits: (await auditRows(app)).filter(
    (row) => row.kind === 'credential.grace_ended' && row.detail.clientId === clientId,
  ).length,
});

describe.runIf(testDatabaseKind === 'postgres')('rotation grace periods on two instances', () => {
  const both = lazy(() => Promise.all([instance(), instance()]));

  it('both secrets verify through B; ending the grace on A is refused through B within a second', async () => {
    const [a, b] = await both();
    const { key } = await a.verifierKeys.create('grace feed');
    const feed = await openEventStream(baseUrlOf(b), key);
    streams.push(feed);
    await feed.next((event) => event.event === 'ready');
    const { user, old, next } = await rotatedOn(a);
    expect(await codeOn(b, key, old.clientSecret)).toBe('VALID'); // cached on B
    expect(await codeOn(b, key, next.clientSecret)).toBe('VALID');

    expect((await endRotationGrace(a, user.token, next.clientId)).statusCode).toBe(204);
    await expect
      .poll(() => codeOn(b, key, old.clientSecret), { timeout: 1_000, interval: 5 })
      .toBe('NOT_FOUND');
    await feed.next((event) => event.event === 'revoked' && event.data.clientId === old.clientId, 1_000);
    expect(await codeOn(b, key, next.clientSecret)).toBe('VALID');
  });

  it('setting the new token inactive on A stops the old secret through B within a second', async () => {
    const [a, b] = await both();
    const { key } = await a.verifierKeys.create('stopped token feed');
    const feed = await openEventStream(baseUrlOf(b), key);
    streams.push(feed);
    await feed.next((event) => event.event === 'ready');
    const { old, next } = await rotatedOn(a);
    expect(await codeOn(b, key, old.clientSecret)).toBe('VALID'); // cached on B
    expect(
      (await runOperatorCommand(a, { command: 'set-token-status', args: [next.clientId, 'inactive'] })).ok,
    ).toBe(true);
    await expect
      .poll(() => codeOn(b, key, old.clientSecret), { timeout: 1_000, interval: 5 })
      .toBe('NOT_FOUND');
    await feed.next((event) => event.event === 'revoked' && event.data.clientId === old.clientId, 1_000);
    expect(await codeOn(b, key, next.clientSecret)).toBe('INACTIVE');
  });

  it('an elapsed grace period is retired once when both instances sweep at once', async () => {
    const [a, b] = await both();
    const { old } = await rotatedOn(a);
    const start = clock.now();
    clock.advance(3_600);
    try {
      await Promise.all([
        a.credentials.retireDue(),
        b.credentials.retireDue(),
        a.credentials.retireDue(),
        b.credentials.retireDue(),
      ]);
    } finally {
      clock.set(start);
    }
    expect(await recorded(a, old.clientId)).toEqual({
      events: ['created', 'retiring', 'retired'],
      audits: 1,
    });
  });

  it('a restarted instance still retires what was rotated before, on its own sweep', async () => {
    const first = await instance();
    const { key } = await first.verifierKeys.create('restart feed');
    const { old } = await rotatedOn(first);
    opened.splice(opened.indexOf(first), 1);
    await first.close();
    const start = clock.now();
    clock.advance(3_601);
    try {
      const restarted = await instance(20);
      // Refused at once: EXPIRED if this call beats the 20 ms sweep, NOT_FOUND if the sweep came first
      // (the refusal before any sweep is pinned with the sweep off, in routes/tokens/rotation-grace).
      expect(['EXPIRED', 'NOT_FOUND']).toContain(await codeOn(restarted, key, old.clientSecret));
      await expect
        .poll(async () => (await recorded(restarted, old.clientId)).events, { timeout: 2_000 })
        .toEqual(['created', 'retiring', 'retired']);
      expect(await codeOn(restarted, key, old.clientSecret)).toBe('NOT_FOUND');
      expect((await recorded(restarted, old.clientId)).audits).toBe(1);
    } finally {
      clock.set(start);
    }
  });
});
