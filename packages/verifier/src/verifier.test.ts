import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CredentialLimits, VerifyResult } from '@datafeeds/domain/credentials';
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
    // Always judgeLocally: the verifier judges, and admits against the plan's limits, itself.
    expect(portal.verifyBodies).toEqual(
      [missing, pending, pending].map((asked) => ({ secret: asked, judgeLocally: true })),
    );
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

  it('counts every answer it served, the one after asking the portal too, and reports them in one request', async () => {
    await start({ usageReportMs: 50 });
    const { secret, clientId } = knownSecret();
    const startedAt = Date.now();
    for (let read = 0; read < 3; read += 1) await verifier.verify(secret, { scope: 'nflLive' });
    await verifier.verify(secret, { scope: 'nbaLive' });
    await verifier.verify(secret);
    await verifier.verify(newSecret()); // NOT_FOUND names no credential: never counted
    await vi.waitFor(() => expect(portal.usageBodies).toHaveLength(1));
    const hour = hourOf(startedAt);
    // The first nflLive read asked the portal, which leaves counting it to the feed that served it.
    expect(sorted(portal.usageBodies[0]!.counts)).toEqual([
      { clientId, scope: 'any', code: 'VALID', hour, count: 1 },
      { clientId, scope: 'nbaLive', code: 'SCOPE_DENIED', hour, count: 1 },
      { clientId, scope: 'nflLive', code: 'VALID', hour, count: 3 },
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
      [{ clientId, scope: 'nflLive', code: 'VALID', hour: expect.any(String), count: 5 }],
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
    // A refused report is retried on every tick, each refusal passed to onError: on a loaded machine
    // the poll below may first look after two or more ticks.
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(1), { timeout: 5_000 });
    await verifier.verify(secret, { scope: 'nflLive' });
    portal.usageStatus = 204;
    // Every count arrives once, whichever tick carried it.
    const total = () =>
      portal.usageBodies.flatMap((body) => body.counts).reduce((sum, entry) => sum + Number(entry.count), 0);
    await vi.waitFor(() => expect(total()).toBe(3), { timeout: 5_000 });
    await sleep(120);
    expect(total()).toBe(3);
    expect(new Set(errors.map((error) => error.message.includes('HTTP 503')))).toEqual(new Set([true]));
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
      [{ clientId, scope: 'any', code: 'API_TYPE_DENIED', hour: expect.any(String), count: 2 }],
    ]);
  });
});

describe('plan limits', () => {
  let portal: FakePortal;
  let verifiers: Verifier[];
  let errors: Error[];

  async function start(options: Partial<VerifierOptions> = {}) {
    const verifier = createVerifier({
      portalUrl: portal.url,
      verifierKey: portal.verifierKey,
      subscribe: false,
      usageReportMs: 0,
      onError: (error) => errors.push(error),
      ...options,
    });
    verifiers.push(verifier);
    if (options.subscribe) await verifier.ready();
    return verifier;
  }

  function knownSecret(limits: Partial<CredentialLimits>, overrides: Parameters<typeof validAnswer>[0] = {}) {
    const secret = newSecret();
    const answer = validAnswer({
      limits: { plan: 'trial', dailyQuota: null, ratePerSecond: null, dailyCap: null, ...limits },
      ...overrides,
    });
    portal.answers.set(secret, answer);
    return { secret, answer };
  }

  /** Calls in turn, each awaited, and the codes they were answered with. */
  async function verifyInTurns(calls: (() => Promise<VerifyResult>)[]) {
    const codes: Record<string, number> = {};
    const answers: VerifyResult[] = [];
    for (const call of calls) {
      const answer = await call();
      answers.push(answer);
      codes[answer.code] = (codes[answer.code] ?? 0) + 1;
    }
    return { codes, answers };
  }

  beforeEach(async () => {
    portal = await startFakePortal();
    verifiers = [];
    errors = [];
  });

  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(verifiers.map((verifier) => verifier.close()));
    await portal.close();
  });

  it('admits exactly the quota across two verifiers, the portal’s own answers included, then refuses QUOTA_EXCEEDED', async () => {
    const [east, west] = [await start(), await start()];
    const { secret, answer } = knownSecret({ dailyQuota: 1_000 });
    const calls = Array.from(
      { length: 1_500 },
      (_, index) => () => (index % 2 === 0 ? east : west).verify(secret, { scope: 'nflLive' }),
    );
    const { codes } = await verifyInTurns(calls);
    expect(codes).toEqual({ VALID: 1_000, QUOTA_EXCEEDED: 500 });
    expect(portal.allowance.dayGranted(answer.companyId)).toBe(1_000);
    expect(east.stats.heldDayUnits + west.stats.heldDayUnits).toBe(0);
    // Units came in leases of a quarter percent, never one call at a time.
    expect(portal.allowanceBodies.every((body) => body.day === 3 && body.rate === 0)).toBe(true);
    expect(portal.allowanceBodies.length).toBeLessThan(1_000 / 3 + 10);
  });

  it('answers QUOTA_EXCEEDED with the limit and when it resets, counted in usage under its code', async () => {
    const verifier = await start({ usageReportMs: 60_000 });
    const { secret, answer } = knownSecret({ dailyQuota: 5_000, dailyCap: 3 });
    const { codes, answers } = await verifyInTurns(
      Array.from({ length: 5 }, () => () => verifier.verify(secret, { scope: 'nflLive' })),
    );
    expect(codes).toEqual({ VALID: 3, QUOTA_EXCEEDED: 2 });
    const nextMidnight = new Date(Math.ceil((Date.now() + 1) / 86_400_000) * 86_400_000).toISOString();
    expect(answers[4]).toEqual({
      valid: false,
      code: 'QUOTA_EXCEEDED',
      clientId: answer.clientId,
      resetsAt: nextMidnight,
      limit: 3,
    });
    // The refusal is held: no lease is asked again today.
    const leases = portal.allowanceBodies.length;
    expect(await verifier.verify(secret, { scope: 'nflLive' })).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(portal.allowanceBodies).toHaveLength(leases);
    await verifier.close();
    // The verifier reports every answer it gave by code, the first (after asking the portal) included.
    const counts = portal.usageBodies.flatMap((body) => body.counts);
    expect(counts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ clientId: answer.clientId, scope: 'nflLive', code: 'VALID', count: 3 }),
        expect.objectContaining({
          clientId: answer.clientId,
          scope: 'nflLive',
          code: 'QUOTA_EXCEEDED',
          count: 3,
        }),
      ]),
    );
    expect(counts).toHaveLength(2);
  });

  it('admits the rate within a second, refuses RATE_LIMITED with the wait, and admits again the next second', async () => {
    const noon = Date.parse('2026-11-26T12:00:00.000Z');
    vi.useFakeTimers({ now: noon + 250, toFake: ['Date'] });
    const verifier = await start();
    const { secret, answer } = knownSecret({ ratePerSecond: 4 });
    const burst = () =>
      verifyInTurns(Array.from({ length: 10 }, () => () => verifier.verify(secret, { scope: 'nflLive' })));
    const first = await burst();
    expect(first.codes).toEqual({ VALID: 4, RATE_LIMITED: 6 });
    expect(first.answers.at(-1)).toEqual({
      valid: false,
      code: 'RATE_LIMITED',
      clientId: answer.clientId,
      retryAfterMs: 750,
      limit: 4,
    });
    vi.setSystemTime(noon + 1_000);
    expect((await burst()).codes).toEqual({ VALID: 4, RATE_LIMITED: 6 });
  });

  it.each(['limits_changed', 'upgraded'] as const)(
    'lifts a refusal held for the company when a credential’s limits change (%s)',
    async (reason) => {
      const verifier = await start({ subscribe: true });
      const staging = knownSecret({ dailyQuota: 2 }, { companyId: 'company-9' });
      const production = knownSecret({ dailyQuota: 2 }, { companyId: 'company-9' });
      await verifier.verify(production.secret);
      await verifier.verify(staging.secret);
      expect(await verifier.verify(production.secret)).toMatchObject({ code: 'QUOTA_EXCEEDED' });
      // The company's plan now allows 10 a day: the portal says so of each token.
      for (const token of [staging, production]) {
        portal.answers.set(token.secret, {
          ...token.answer,
          limits: { ...token.answer.limits, dailyQuota: 10 },
        });
      }
      portal.send('changed', { clientId: staging.answer.clientId, reason, at: new Date().toISOString() });
      // production's answer is still cached with the old limits, but the company's refusal is forgotten.
      await vi.waitFor(async () =>
        expect(await verifier.verify(production.secret)).toMatchObject({ code: 'VALID' }),
      );
      expect(verifier.stats.hits).toBeGreaterThan(1);
    },
  );

  it('passes VALID answers on whatever the limits with enforceLimits: false', async () => {
    const verifier = await start({ enforceLimits: false });
    const { secret } = knownSecret({ dailyQuota: 1, ratePerSecond: 1 });
    const { codes } = await verifyInTurns(Array.from({ length: 20 }, () => () => verifier.verify(secret)));
    expect(codes).toEqual({ VALID: 20 });
    expect(portal.allowanceBodies).toEqual([]);
    expect(verifier.stats.leaseCalls).toBe(0);
  });

  it('never asks for a lease for a credential without limits', async () => {
    const verifier = await start();
    const { secret } = knownSecret({});
    const { codes } = await verifyInTurns(Array.from({ length: 50 }, () => () => verifier.verify(secret)));
    expect(codes).toEqual({ VALID: 50 });
    expect(portal.allowanceBodies).toEqual([]);
    expect(verifier.stats).toMatchObject({ leaseCalls: 0, heldDayUnits: 0 });
  });

  it.each(['refuse', 'serve-fresh'] as const)(
    "in '%s' mode spends the units it holds while the portal cannot lease, then admits nothing more",
    async (whenPortalUnreachable) => {
      const verifier = await start({ whenPortalUnreachable });
      const { secret } = knownSecret({ dailyQuota: 1_000 });
      // The portal's own answer, admitted here too: a lease of 3, one spent.
      expect(await verifier.verify(secret)).toMatchObject({ code: 'VALID' });
      expect(verifier.stats.heldDayUnits).toBe(2);
      portal.onAllowance = (response) => response.writeHead(503).end('{}');
      expect(await verifier.verify(secret)).toMatchObject({ code: 'VALID' });
      expect(await verifier.verify(secret)).toMatchObject({ code: 'VALID' });
      const error = await verifier.verify(secret).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(PortalUnavailableError);
      expect(error).toMatchObject({ status: 503 });
      portal.onAllowance = undefined;
      expect(await verifier.verify(secret)).toMatchObject({ code: 'VALID' });
    },
  );

  it('maps a lease the portal does not answer in time, or a refused key, to the usual errors', async () => {
    const verifier = await start({ requestTimeoutMs: 100 });
    // A lease of one unit of the second a call: every call below asks for one.
    const { secret } = knownSecret({ ratePerSecond: 1 });
    await verifier.verify(secret);
    portal.onAllowance = () => undefined;
    await expect(verifier.verify(secret)).rejects.toThrow(/did not answer within 100 ms/);
    portal.onAllowance = (response) => response.writeHead(401).end('{}');
    await expect(verifier.verify(secret)).rejects.toThrow(VerifierKeyRejectedError);
    portal.onAllowance = (response) => response.writeHead(200).end(JSON.stringify({ day: 5 }));
    await expect(verifier.verify(secret)).rejects.toThrow(/not an allowance grant/);
  });

  it('asks a lease again, once, when its connection is cut before an answer (an idle keep-alive closed)', async () => {
    const { secret } = knownSecret({ dailyQuota: 100_000 });
    let cuts = 1;
    portal.onAllowance = (response, grant) => {
      if (cuts-- > 0) response.socket?.destroy();
      else grant();
    };
    const verifier = await start();
    expect(await verifier.verify(secret)).toMatchObject({ code: 'VALID' });
    expect(portal.allowanceBodies).toHaveLength(2);
    // Cut twice in a row, the portal is taken for unreachable.
    const next = await start();
    cuts = 2;
    await expect(next.verify(secret)).rejects.toBeInstanceOf(PortalUnavailableError);
  });

  it('asks the portal again when a lease finds the cached credential gone (its revocation on the way)', async () => {
    const verifier = await start();
    // A lease of one unit of the second a call, so the next call asks for one.
    const { secret } = knownSecret({ ratePerSecond: 1 });
    await verifier.verify(secret);
    portal.answers.set(secret, { valid: false, code: 'INACTIVE' });
    expect(await verifier.verify(secret)).toEqual({ valid: false, code: 'INACTIVE' });
    expect(verifier.stats).toMatchObject({ portalCalls: 2, cachedAnswers: 0 });
  });

  it('takes an answer without limits, from a portal of an earlier version, for unlimited', async () => {
    const verifier = await start();
    const secret = newSecret();
    const { limits: _, ...withoutLimits } = validAnswer();
    portal.answers.set(secret, withoutLimits as VerifyResult);
    const { codes } = await verifyInTurns(Array.from({ length: 5 }, () => () => verifier.verify(secret)));
    expect(codes).toEqual({ VALID: 5 });
    expect(verifier.stats.leaseCalls).toBe(0);
  });
});
