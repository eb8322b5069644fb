import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalUnavailableError, VerifierClosedError, VerifierKeyRejectedError } from './errors.ts';
import type { VerifierOptions } from './options.ts';
import {
  newSecret,
  newVerifierKey,
  startFakePortal,
  validAnswer,
  type FakePortal,
} from './testing/fake-portal.ts';
import { createVerifier, type Verifier } from './verifier.ts';

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a verifier without a portal', () => {
  it('answers MALFORMED locally, with no network call', async () => {
    const errors: Error[] = [];
    const verifier = createVerifier({
      portalUrl: await closedPortUrl(),
      verifierKey: newVerifierKey(),
      subscribe: false,
      onError: (error) => errors.push(error),
    });
    const secret = newSecret();
    const wrongChecksum = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const candidate of [
      undefined,
      42,
      '',
      'dfsk_short',
      `${secret}x`,
      wrongChecksum,
      secret.replace('dfsk_', 'dfvk_'),
    ]) {
      expect(await verifier.verify(candidate)).toEqual({ valid: false, code: 'MALFORMED' });
    }
    expect(verifier.stats).toMatchObject({ portalCalls: 0, misses: 0 });
    expect(errors).toEqual([]);
    await verifier.close();
  });

  it('throws PortalUnavailableError naming the portal, never the key or the secret', async () => {
    const portalUrl = await closedPortUrl();
    const verifierKey = newVerifierKey();
    const secret = newSecret();
    const verifier = createVerifier({ portalUrl, verifierKey, subscribe: false });
    const error = await verifier.verify(secret).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(PortalUnavailableError);
    const { message } = error as Error;
    expect(message).toContain(portalUrl);
    expect(message).not.toContain(verifierKey);
    expect(message).not.toContain(secret);
    await verifier.close();
  });
});

describe('a verifier following a portal', () => {
  let portal: FakePortal;
  let verifier: Verifier;
  let errors: Error[];

  async function start(options: Partial<VerifierOptions> = {}) {
    verifier = createVerifier({
      portalUrl: portal.url,
      verifierKey: portal.verifierKey,
      onError: (error) => errors.push(error),
      ...options,
    });
    if (options.subscribe !== false) await verifier.ready();
    return verifier;
  }

  function knownSecret(overrides: Parameters<typeof validAnswer>[0] = {}) {
    const secret = newSecret();
    const answer = validAnswer(overrides);
    portal.answers.set(secret, answer);
    return { secret, answer };
  }

  beforeEach(async () => {
    portal = await startFakePortal();
    errors = [];
  });

  afterEach(async () => {
    await verifier.close();
    await portal.close();
  });

  it('asks once for the credential as it is, then judges every feed from the cache', async () => {
    await start();
    const { secret, answer } = knownSecret({ apiType: 'rest', scopes: ['nflLive', 'nfl'] });
    expect(await verifier.verify(secret, { scope: 'nflLive', apiType: 'rest' })).toEqual(answer);
    expect(await verifier.verify(secret, { scope: 'nbaLive' })).toEqual({
      valid: false,
      code: 'SCOPE_DENIED',
      clientId: answer.clientId,
    });
    expect(await verifier.verify(secret, { apiType: 'graphql' })).toEqual({
      valid: false,
      code: 'API_TYPE_DENIED',
      clientId: answer.clientId,
    });
    // The scope and API type only tell the portal what to count this call as.
    expect(portal.verifyBodies).toEqual([{ secret, scope: 'nflLive', apiType: 'rest', judgeLocally: true }]);
    expect(verifier.stats).toMatchObject({ hits: 2, misses: 1, portalCalls: 1, streamConnected: true });
  });

  it('answers EXPIRED from the second a cached token expires, and never keeps an expired one', async () => {
    await start();
    const soon = knownSecret({ expiresAt: new Date(Date.now() + 150).toISOString() });
    expect(await verifier.verify(soon.secret)).toMatchObject({ code: 'VALID' });
    await sleep(200);
    expect(await verifier.verify(soon.secret)).toEqual({ valid: false, code: 'EXPIRED' });
    const past = knownSecret({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(await verifier.verify(past.secret)).toEqual({ valid: false, code: 'EXPIRED' });
    expect(verifier.stats.cachedAnswers).toBe(0);
  });

  it('caches NOT_FOUND but asks again for PENDING, EXPIRED and INACTIVE', async () => {
    await start();
    const missing = newSecret();
    const pending = newSecret();
    portal.answers.set(pending, { valid: false, code: 'PENDING' });
    for (let round = 0; round < 2; round += 1) {
      expect(await verifier.verify(missing)).toEqual({ valid: false, code: 'NOT_FOUND' });
      expect(await verifier.verify(pending)).toEqual({ valid: false, code: 'PENDING' });
    }
    expect(portal.verifyBodies).toEqual([{ secret: missing }, { secret: pending }, { secret: pending }]);
  });

  it('shares one portal call between concurrent misses for a secret', async () => {
    await start();
    const { secret } = knownSecret();
    portal.onVerify = (_, answer) => setTimeout(answer, 50);
    const answers = await Promise.all(Array.from({ length: 20 }, () => verifier.verify(secret)));
    expect(new Set(answers.map((answer) => answer.code))).toEqual(new Set(['VALID']));
    expect(verifier.stats).toMatchObject({ misses: 20, portalCalls: 1 });
  });

  it('drops the cached answer when the portal revokes the credential', async () => {
    await start();
    const { secret, answer } = knownSecret();
    await verifier.verify(secret);
    portal.answers.set(secret, { valid: false, code: 'INACTIVE' });
    portal.send('revoked', { clientId: answer.clientId, reason: 'status_set', at: new Date().toISOString() });
    await vi.waitFor(() => expect(verifier.stats.cachedAnswers).toBe(0));
    expect(await verifier.verify(secret)).toEqual({ valid: false, code: 'INACTIVE' });
  });

  it('does not cache an answer fetched while a revocation arrived, but still returns it', async () => {
    await start();
    const { secret, answer } = knownSecret();
    let release = () => undefined as void;
    portal.onVerify = (_, send) => (release = send);
    const verifying = verifier.verify(secret);
    await vi.waitFor(() => expect(portal.verifyBodies).toHaveLength(1));
    portal.send('revoked', { clientId: answer.clientId, reason: 'rotated', at: new Date().toISOString() });
    await sleep(50);
    release();
    expect(await verifying).toEqual(answer);
    expect(verifier.stats.cachedAnswers).toBe(0);
  });

  it('empties the cache on reset', async () => {
    await start();
    await verifier.verify(knownSecret().secret);
    await verifier.verify(newSecret());
    expect(verifier.stats.cachedAnswers).toBe(2);
    portal.send('reset', { at: new Date().toISOString() });
    await vi.waitFor(() => expect(verifier.stats.cachedAnswers).toBe(0));
  });

  it("in 'refuse' mode empties the cache the moment the stream drops, and reconnects", async () => {
    await start();
    const { secret } = knownSecret();
    await verifier.verify(secret);
    portal.dropStreams();
    await vi.waitFor(() => expect(verifier.stats.streamConnected).toBe(false));
    expect(verifier.stats.cachedAnswers).toBe(0);
    await verifier.verify(secret);
    expect(verifier.stats.cachedAnswers).toBe(0);
    await vi.waitFor(() => expect(verifier.stats.streamConnected).toBe(true), { timeout: 3_000 });
  });

  it("in 'serve-fresh' mode serves no answer over a second old while the stream is down", async () => {
    await start({ whenPortalUnreachable: 'serve-fresh' });
    const revoked = knownSecret();
    const kept = knownSecret();
    await verifier.verify(revoked.secret);
    await verifier.verify(kept.secret);
    const storedAt = Date.now();
    // The stream is cut and stays down; the token is revoked meanwhile, with no event to say so.
    portal.eventsStatus = 503;
    portal.dropStreams();
    await vi.waitFor(() => expect(verifier.stats.streamConnected).toBe(false));
    portal.answers.set(revoked.secret, { valid: false, code: 'INACTIVE' });
    await vi.waitFor(
      async () => expect(await verifier.verify(revoked.secret)).toEqual({ valid: false, code: 'INACTIVE' }),
      { timeout: 2_000, interval: 20 },
    );
    expect(Date.now() - storedAt).toBeLessThan(1_500);

    // The portal cannot be asked either: a refusal to say, never the stale VALID.
    portal.onVerify = (response) => response.writeHead(503).end('{}');
    await sleep(Math.max(0, storedAt + 1_050 - Date.now()));
    await expect(verifier.verify(kept.secret)).rejects.toBeInstanceOf(PortalUnavailableError);
  });

  it.each(['refuse', 'serve-fresh'] as const)(
    "in '%s' mode refuses within a second a token revoked while the stream stalls without closing",
    async (whenPortalUnreachable) => {
      await start({ whenPortalUnreachable });
      const { secret } = knownSecret();
      await verifier.verify(secret);
      // The stream stays open but nothing more comes through: no heartbeat, no event for the revocation.
      portal.holdStreams();
      const heldAt = Date.now();
      portal.answers.set(secret, { valid: false, code: 'INACTIVE' });
      await vi.waitFor(
        async () => expect(await verifier.verify(secret)).toEqual({ valid: false, code: 'INACTIVE' }),
        { timeout: 3_000, interval: 20 },
      );
      expect(Date.now() - heldAt).toBeLessThan(1_500);
      expect(errors.map((error) => error.message)).toContainEqual(
        expect.stringMatching(/sent nothing for 1 s; reconnecting/),
      );
    },
  );

  it('throws VerifierKeyRejectedError on 401, and ready() rejects with it', async () => {
    portal.eventsStatus = 401;
    verifier = createVerifier({
      portalUrl: portal.url,
      verifierKey: newVerifierKey(),
      onError: (e) => errors.push(e),
    });
    await expect(verifier.ready()).rejects.toThrow(VerifierKeyRejectedError);
    await expect(verifier.verify(newSecret())).rejects.toThrow(VerifierKeyRejectedError);
  });

  it.each([
    [503, undefined],
    [429, 7],
  ])('throws PortalUnavailableError when the portal answers %i', async (status, retryAfterSeconds) => {
    await start({ subscribe: false });
    portal.onVerify = (response) => {
      response.writeHead(status, { 'retry-after': String(retryAfterSeconds ?? '') }).end('{}');
    };
    const error = await verifier.verify(newSecret()).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(PortalUnavailableError);
    expect(error).toMatchObject({ status, retryAfterSeconds });
  });

  it('gives up on a portal that does not answer in time', async () => {
    await start({ subscribe: false, requestTimeoutMs: 100 });
    portal.onVerify = () => undefined;
    await expect(verifier.verify(newSecret())).rejects.toThrow(/did not answer within 100 ms/);
  });

  it('refuses to verify once closed', async () => {
    await start();
    await verifier.close();
    expect(verifier.stats.streamConnected).toBe(false);
    await expect(verifier.verify(newSecret())).rejects.toThrow(VerifierClosedError);
  });
});

describe('usage reports', () => {
  let portal: FakePortal;
  let verifier: Verifier;
  let errors: Error[];
  const hourOf = (ms: number) => new Date(Math.floor(ms / 3_600_000) * 3_600_000).toISOString();

  async function start(options: Partial<VerifierOptions> = {}) {
    verifier = createVerifier({
      portalUrl: portal.url,
      verifierKey: portal.verifierKey,
      subscribe: false,
      usageReportMs: 0,
      onError: (error) => errors.push(error),
      ...options,
    });
    return verifier;
  }

  function knownSecret() {
    const secret = newSecret();
    const answer = validAnswer({ apiType: 'rest', scopes: ['nflLive', 'nfl'] });
    portal.answers.set(secret, answer);
    return { secret, clientId: answer.clientId };
  }

  const sorted = (counts: Record<string, unknown>[]) =>
    [...counts].sort((a, b) => `${a.scope}${a.code}`.localeCompare(`${b.scope}${b.code}`));

  beforeEach(async () => {
    portal = await startFakePortal();
    errors = [];
  });

  afterEach(async () => {
    await verifier.close();
    await portal.close();
  });

  it('counts what the cache answered, not what the portal answered, and reports it in one request', async () => {
    await start({ usageReportMs: 50 });
    const { secret, clientId } = knownSecret();
    const startedAt = Date.now();
    for (let read = 0; read < 3; read += 1) await verifier.verify(secret, { scope: 'nflLive' });
    await verifier.verify(secret, { scope: 'nbaLive' });
    await verifier.verify(secret);
    await verifier.verify(newSecret()); // NOT_FOUND names no credential: never counted
    await vi.waitFor(() => expect(portal.usageBodies).toHaveLength(1));
    const hour = hourOf(startedAt);
    // The first nflLive read was the portal's answer (counted there): two are left.
    expect(sorted(portal.usageBodies[0]!.counts)).toEqual([
      { clientId, scope: 'any', code: 'VALID', hour, count: 1 },
      { clientId, scope: 'nbaLive', code: 'SCOPE_DENIED', hour, count: 1 },
      { clientId, scope: 'nflLive', code: 'VALID', hour, count: 2 },
    ]);
    await sleep(150);
    expect(portal.usageBodies).toHaveLength(1); // nothing new, nothing sent
    expect(errors).toEqual([]);
  });

  it('counts the calls that shared another call’s portal request', async () => {
    await start({ usageReportMs: 60_000 });
    const { secret, clientId } = knownSecret();
    portal.onVerify = (_, answer) => setTimeout(answer, 50);
    await Promise.all(Array.from({ length: 5 }, () => verifier.verify(secret, { scope: 'nflLive' })));
    expect(portal.verifyBodies).toHaveLength(1);
    await verifier.close();
    expect(portal.usageBodies.map((body) => body.counts)).toEqual([
      [{ clientId, scope: 'nflLive', code: 'VALID', hour: expect.any(String), count: 4 }],
    ]);
  });

  it('passes a failed report on close to onError', async () => {
    await start({ usageReportMs: 60_000 });
    const { secret } = knownSecret();
    await verifier.verify(secret, { scope: 'nflLive' });
    await verifier.verify(secret, { scope: 'nflLive' });
    portal.usageStatus = 503;
    await verifier.close();
    expect(errors.map((error) => error.message)).toEqual([expect.stringContaining('HTTP 503')]);
    expect(portal.usageRefusals).toBe(1);
  });

  it('retries a failed report on the next tick, adding what came since', async () => {
    await start({ usageReportMs: 50 });
    const { secret, clientId } = knownSecret();
    await verifier.verify(secret, { scope: 'nflLive' });
    portal.usageStatus = 503;
    await verifier.verify(secret, { scope: 'nflLive' });
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    await verifier.verify(secret, { scope: 'nflLive' });
    portal.usageStatus = 204;
    // Every count arrives once, whichever tick carried it.
    const total = () =>
      portal.usageBodies.flatMap((body) => body.counts).reduce((sum, entry) => sum + Number(entry.count), 0);
    await vi.waitFor(() => expect(total()).toBe(2));
    await sleep(120);
    expect(total()).toBe(2);
    expect(portal.usageBodies.flatMap((body) => body.counts)).toEqual(
      portal.usageBodies.flatMap(() => [
        expect.objectContaining({ clientId, scope: 'nflLive', code: 'VALID' }),
      ]),
    );
  });

  it('counts nothing and reports nothing when turned off', async () => {
    await start();
    const { secret } = knownSecret();
    await verifier.verify(secret);
    await verifier.verify(secret);
    await sleep(100);
    expect(portal.usageBodies).toEqual([]); // usageReportMs 0: no timer
    await verifier.close();
    expect(portal.usageBodies).toEqual([]); // …and nothing counted at all
  });

  it('reports on close what the timer has not sent yet', async () => {
    await start({ usageReportMs: 60_000 });
    const { secret, clientId } = knownSecret();
    await verifier.verify(secret, { apiType: 'graphql' });
    await verifier.verify(secret, { apiType: 'graphql' });
    expect(portal.usageBodies).toEqual([]);
    await verifier.close();
    expect(portal.usageBodies.map((body) => body.counts)).toEqual([
      [{ clientId, scope: 'any', code: 'API_TYPE_DENIED', hour: expect.any(String), count: 1 }],
    ]);
  });
});
