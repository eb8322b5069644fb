// The data feed's own listener (FEED_PORT, design §8 "The data plane"): every call @datafeeds/verifier
// makes answers there exactly as on the portal's listener — status, body, error shape, headers that
// matter — since both run the same routes on the same services; and it starts and stops with the app.
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { SECRET_BODY_LENGTH, withChecksum } from '@datafeeds/domain';
import { verification } from '@datafeeds/domain/calls';
import { listenAll } from '../../../src/data-plane.ts';
import { buildTestApp, testEnv } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { openEventStream } from '../../helpers/event-stream.ts';
import { bearer, callTo } from '../../helpers/factories.ts';
import { companyIdOf, putOnPlan } from '../../helpers/limits.ts';
import { createdClient, verifiedUser } from '../../helpers/tokens.ts';
import { newVerifierKey, verified } from '../../helpers/verification.ts';

const clock = testClock(new Date('2026-06-01T09:00:00.250Z'));
const app = await buildTestApp({ clock, env: { FEED_PORT: '0' } });
const key = await newVerifierKey(app);
const dataPlane = app.dataPlane as FastifyInstance;

type Inject = InjectOptions;

/** What a client sees of an answer: status, body and the headers the two listeners must agree on. */
const seen = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.body,
  contentType: response.headers['content-type'],
  cacheControl: response.headers['cache-control'],
  retryAfter: response.headers['retry-after'],
});

/** The same request on each listener: the data plane's answer first, then the portal's. */
async function onBoth(request: Inject) {
  const onDataPlane = seen(await dataPlane.inject(request));
  const onPortal = seen(await app.inject(request));
  return { onDataPlane, onPortal };
}

const verifyRequest = (payload: object | string, headers: Record<string, string> = bearer(key)): Inject => ({
  ...callTo(verification.verifyCredential),
  headers: { 'content-type': 'application/json', ...headers },
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
});

describe("the data feed's listener (FEED_PORT)", () => {
  it('is there only when FEED_PORT is set', async () => {
    expect(dataPlane).not.toBeNull();
    const without = await buildTestApp({ clock });
    expect(without.dataPlane).toBeNull();
  });

  it('answers VALID, NOT_FOUND and MALFORMED as the portal does', async () => {
    const user = await verifiedUser(app);
    const { clientSecret } = await createdClient(app, user.token, { sports: ['nfl'] });
    const valid = await onBoth(verifyRequest({ secret: clientSecret, scope: 'nflLive', apiType: 'rest' }));
    expect(valid.onDataPlane).toEqual(valid.onPortal);
    expect(valid.onDataPlane.status).toBe(200);
    expect(JSON.parse(valid.onDataPlane.body)).toMatchObject({ valid: true, code: 'VALID' });
    expect(valid.onDataPlane.cacheControl).toBe('no-store');

    const denied = await onBoth(verifyRequest({ secret: clientSecret, scope: 'nbaLive' }));
    expect(denied.onDataPlane).toEqual(denied.onPortal);
    expect(JSON.parse(denied.onDataPlane.body)).toMatchObject({ valid: false, code: 'SCOPE_DENIED' });

    const unknown = await onBoth(
      verifyRequest({ secret: withChecksum('dfsk_', 'A'.repeat(SECRET_BODY_LENGTH)) }),
    );
    expect(unknown.onDataPlane).toEqual(unknown.onPortal);
    expect(JSON.parse(unknown.onDataPlane.body)).toEqual({ valid: false, code: 'NOT_FOUND' });

    const malformed = await onBoth(verifyRequest({ secret: `${clientSecret.slice(0, -4)}AAAA` }));
    expect(malformed.onDataPlane).toEqual(malformed.onPortal);
    expect(JSON.parse(malformed.onDataPlane.body)).toEqual({ valid: false, code: 'MALFORMED' });
  });

  it('refuses by plan limits as the portal does, from the same counts', async () => {
    const user = await verifiedUser(app);
    const { clientId, clientSecret } = await createdClient(app, user.token, { sports: ['nfl'] });
    await putOnPlan(app, await companyIdOf(app, clientId), { dailyQuota: 2, ratePerSecond: null });
    const call = verifyRequest({ secret: clientSecret, scope: 'nflLive' });
    // One quota for both listeners: one VALID on each, then each refuses.
    expect(JSON.parse((await dataPlane.inject(call)).body)).toMatchObject({ code: 'VALID' });
    expect(JSON.parse((await app.inject(call)).body)).toMatchObject({ code: 'VALID' });
    const refused = await onBoth(call);
    expect(refused.onDataPlane).toEqual(refused.onPortal);
    expect(JSON.parse(refused.onDataPlane.body)).toEqual({
      valid: false,
      code: 'QUOTA_EXCEEDED',
      clientId,
      resetsAt: '2026-06-02T00:00:00.000Z',
      limit: 2,
    });
  });

  it.each([
    ['no verifier key', verifyRequest({ secret: 'dfsk_x' }, {}), 401],
    ['an unknown verifier key', verifyRequest({ secret: 'dfsk_x' }, bearer('dfvk_not-a-key')), 401],
    ['a body without a secret', verifyRequest({ scope: 'nflLive' }), 400],
    ['a secret that is not a string', verifyRequest({ secret: 42 }), 400],
    ['a NUL character in the secret', verifyRequest({ secret: 'dfsk_\u0000' }), 400],
    ['a NUL character in a key', verifyRequest({ secret: 'dfsk_x', 'sc\u0000ope': 'x' }), 400],
    ['a body that is not JSON', verifyRequest('{"secret": '), 400],
    ['a body over 64 KiB', verifyRequest({ secret: 'x'.repeat(70 * 1024) }), 413],
    [
      'a body sent as text',
      { ...verifyRequest({ secret: 'dfsk_x' }), headers: { ...bearer(key), 'content-type': 'text/plain' } },
      400,
    ],
    [
      'a media type it does not read',
      {
        ...verifyRequest({ secret: 'dfsk_x' }),
        headers: { ...bearer(key), 'content-type': 'application/xml' },
      },
      415,
    ],
  ] as const)('refuses %s with the same status and error shape', async (_name, request, status) => {
    const { onDataPlane, onPortal } = await onBoth(request);
    expect(onDataPlane).toEqual(onPortal);
    expect(onDataPlane.status).toBe(status);
    expect(JSON.parse(onDataPlane.body)).toMatchObject({
      error: expect.any(String),
      message: expect.any(String),
    });
  });

  it('answers the lease call as the portal does', async () => {
    const user = await verifiedUser(app);
    const { clientId, clientSecret } = await createdClient(app, user.token, { sports: ['nfl'] });
    // A key leases only for credentials it has verified (design §10).
    await verified(app, key, { secret: clientSecret, judgeLocally: true });
    const lease = (id: string): Inject => ({
      ...callTo(verification.leaseAllowance),
      headers: { ...bearer(key), 'content-type': 'application/json' },
      payload: JSON.stringify({ clientId: id, day: 0, rate: 0 }),
    });
    const granted = await onBoth(lease(clientId));
    expect(granted.onDataPlane.status).toBe(200);
    expect(granted.onDataPlane).toEqual(granted.onPortal);
    const unknown = await onBoth(lease('dfc_0000000000000000000000'));
    expect(unknown.onDataPlane).toEqual(unknown.onPortal);
    expect(unknown.onDataPlane.status).toBe(404);
  });

  it('serves no portal call', async () => {
    const health = await dataPlane.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(404);
    const docs = await dataPlane.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(404);
  });

  it("logs a failed call through the portal's logger, naming its listener", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const logged = await buildTestApp({ clock, env: { FEED_PORT: '0', LOG_LEVEL: 'warn' }, logStream });
    const loggedKey = await newVerifierKey(logged);
    vi.spyOn(logged.verification, 'verify').mockRejectedValueOnce(new Error('the cache broke'));
    const failed = await logged.dataPlane!.inject(verifyRequest({ secret: 'dfsk_x' }, bearer(loggedKey)));
    expect(failed.statusCode).toBe(500);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ listener: 'data-plane', context: 'data-feed', msg: 'request failed' }),
    );
    await logged.close();
  });

  it('listens on its own port and shuts down with the app, its event streams ended', async () => {
    const env = testEnv({ FEED_PORT: '0' });
    const own = await buildTestApp({ clock, env: { FEED_PORT: '0' } });
    await listenAll(own, env);
    const address = own.dataPlane?.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('the data plane is not listening');
    const portalAddress = own.server.address();
    expect(typeof portalAddress === 'object' && portalAddress?.port).not.toBe(address.port);
    const feedUrl = `http://127.0.0.1:${address.port}`;
    const ownKey = await newVerifierKey(own);

    const response = await fetch(`${feedUrl}${verification.verifyCredential.path}`, {
      method: 'POST',
      headers: { ...bearer(ownKey), 'content-type': 'application/json' },
      body: JSON.stringify({ secret: 'dfsk_x' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ valid: false, code: 'MALFORMED' });
    const stream = await openEventStream(feedUrl, ownKey);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'ready');

    await own.close();
    await stream.ended;
    expect(own.dataPlane?.server.listening).toBe(false);
    await expect(
      fetch(`${feedUrl}${verification.verifyCredential.path}`, { method: 'POST' }),
    ).rejects.toThrow();
  });
});
