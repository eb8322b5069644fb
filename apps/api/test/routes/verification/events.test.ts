import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo } from '../../helpers/factories.ts';
import { openEventStream, type EventStream } from '../../helpers/event-stream.ts';
import { createdClient, deleteClient, rotateClient, verifiedUser } from '../../helpers/tokens.ts';
import { newVerifierKey } from '../../helpers/verification.ts';
import { runOperatorCommand } from '../../../src/operator/commands.ts';
import { TRIAL_DAYS } from '@datafeeds/domain';
import { account } from '@datafeeds/domain/calls';

const clock = testClock(new Date('2026-07-01T10:00:00Z'));
const app = await buildTestApp({ clock, eventsHeartbeatMs: 200 });
const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
const key = await newVerifierKey(app, 'events test');
const operator = (command: string, ...args: string[]) => runOperatorCommand(app, { command, args });
const streams: EventStream[] = [];
afterAll(() => streams.forEach((stream) => stream.close()));

async function stream(verifierKey: string | undefined) {
  const opened = await openEventStream(baseUrl, verifierKey);
  streams.push(opened);
  return opened;
}

const about =
  (clientId: string, event: string) => (candidate: { event: string; data: { clientId?: unknown } }) =>
    candidate.event === event && candidate.data.clientId === clientId;

describe('GET /api/v1/credentials/events', () => {
  it('opens an event stream with ready first, announcing its heartbeat interval, then heartbeats at it', async () => {
    const events = await stream(key);
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(events.headers.get('cache-control')).toBe('no-store');
    await events.next((event) => event.event === 'heartbeat');
    expect(events.events[0]).toEqual({
      event: 'ready',
      data: { at: clock.now().toISOString(), heartbeatMs: 200 },
    });
    const counted = performance.now();
    const heartbeats = () => events.events.filter((event) => event.event === 'heartbeat').length;
    const before = heartbeats();
    await events.next(() => heartbeats() >= before + 3);
    const elapsed = performance.now() - counted;
    // At the interval, not just at most it: the third heartbeat after any moment is sent two whole
    // intervals (400 ms) after the first, which may already have been on its way. A stream beating 4×
    // too fast (50 ms) would take about 150 ms; 300 ms leaves room for a slow delivery of that first one.
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('beats every 250 ms by default: announced so, and at that pace', async () => {
    // The interval a deployment runs with, written out: a default four times faster (or slower) passes
    // every test that sets its own.
    const deployed = await buildTestApp({ clock });
    const deployedKey = await newVerifierKey(deployed, 'default heartbeat');
    const opened = await openEventStream(await deployed.listen({ host: '127.0.0.1', port: 0 }), deployedKey);
    streams.push(opened);
    const ready = await opened.next((event) => event.event === 'ready');
    expect(ready.data).toMatchObject({ heartbeatMs: 250 });
    const counted = performance.now();
    const heartbeats = () => opened.events.filter((event) => event.event === 'heartbeat').length;
    const before = heartbeats();
    await opened.next(() => heartbeats() >= before + 3);
    const elapsed = performance.now() - counted;
    // As above: two whole intervals (500 ms) at least, less room for a slow first delivery.
    expect(elapsed).toBeGreaterThanOrEqual(375);
    expect(elapsed).toBeLessThan(1_500);
  });

  it('announces rotation and deletion as revoked, with the client id and why', async () => {
    const events = await stream(key);
    const user = await verifiedUser(app);
    const first = await createdClient(app, user.token);
    const rotated = (await rotateClient(app, user.token, first.clientId)).json<{ clientId: string }>();
    const revoked = await events.next(about(first.clientId, 'revoked'));
    expect(revoked.data).toEqual({
      clientId: first.clientId,
      reason: 'rotated',
      at: clock.now().toISOString(),
    });
    expect(revoked.id).toMatch(/^\d+$/);
    await deleteClient(app, user.token, rotated.clientId);
    expect((await events.next(about(rotated.clientId, 'revoked'))).data.reason).toBe('deleted');
    // The new token's creation is nothing a data feed must act on.
    expect(
      events.events.some((event) => event.data.clientId === rotated.clientId && event.event !== 'revoked'),
    ).toBe(false);
  });

  it('announces a status set by the provider team, a suspension and an expiry as revoked; an upgrade as changed', async () => {
    const events = await stream(key);
    const user = await verifiedUser(app);
    const { clientId } = await createdClient(app, user.token);
    await operator('set-token-status', clientId, 'inactive');
    expect((await events.next(about(clientId, 'revoked'))).data.reason).toBe('status_set');
    await operator('set-token-status', clientId, 'active');
    expect((await events.next(about(clientId, 'changed'))).data.reason).toBe('status_set');

    await operator('suspend-company', user.registration.email);
    await events.next(
      (event) => about(clientId, 'revoked')(event) && event.data.reason === 'company_suspended',
    );
    await operator('reinstate-company', user.registration.email, 'trial');
    await events.next(
      (event) => about(clientId, 'changed')(event) && event.data.reason === 'company_reinstated',
    );

    const start = clock.now();
    try {
      clock.advance(TRIAL_DAYS * 86_400);
      await app.credentials.expireDue();
      await events.next((event) => about(clientId, 'revoked')(event) && event.data.reason === 'expired');
      await operator('extend-trial', user.registration.email, '3');
      await events.next((event) => about(clientId, 'changed')(event) && event.data.reason === 'expiry_moved');
      await app.inject({ ...callTo(account.upgradeAccount), headers: bearer(user.token), payload: {} });
      await operator('approve-upgrade', user.registration.email);
      await events.next((event) => about(clientId, 'changed')(event) && event.data.reason === 'upgraded');
    } finally {
      clock.set(start);
    }
  });

  it('refuses a missing or unknown verifier key with 401 JSON', async () => {
    for (const presented of [undefined, 'dfvk_unknown']) {
      const refused = await stream(presented);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('ends the streams of a key the provider team revokes', async () => {
    const { row, key: doomed } = await app.verifierKeys.create('doomed feed');
    const events = await stream(doomed);
    await events.next((event) => event.event === 'ready');
    await operator('verifier-key', 'revoke', row.id);
    await events.ended;
    expect((await stream(doomed)).status).toBe(401);
  });
});
