// @datafeeds/verifier against a real running portal (design §8): what a data feed embeds, with the
// portal's own HTTP server, database, cache and events stream on the other side.
import { isDeepStrictEqual } from 'node:util';
import Fastify from 'fastify';
import {
  createVerifier,
  PortalUnavailableError,
  type Verifier,
  type VerifiedCredential,
  type VerifyResult,
} from '@datafeeds/verifier';
import { verifierPlugin } from '@datafeeds/verifier/fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { withChecksum } from '@datafeeds/domain';
import { runOperatorCommand } from '../../src/operator/commands.ts';
import { buildTestApp } from '../helpers/build-test-app.ts';
import { createdClient, deleteClient, rotateClient, verifiedUser } from '../helpers/tokens.ts';
import { usageRows } from '../helpers/usage.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import { newVerifierKey } from '../helpers/verification.ts';

const portal = await buildTestApp();
const portalUrl = await portal.listen({ host: '127.0.0.1', port: 0 });
const verifierKey = await newVerifierKey(portal, 'package test');
const verifiers: Verifier[] = [];
afterAll(() => Promise.all(verifiers.map((verifier) => verifier.close())));

/**
 * A verifier following the test portal. Plan limits are off unless a test turns them on: the tokens
 * here are a trial's, and polling a cached answer every few milliseconds would run into its rate.
 */
async function connected(options: Partial<Parameters<typeof createVerifier>[0]> = {}) {
  const verifier = createVerifier({
    portalUrl,
    verifierKey,
    onError: () => undefined,
    enforceLimits: false,
    ...options,
  });
  verifiers.push(verifier);
  await verifier.ready();
  return verifier;
}

async function liveToken(overrides = {}) {
  const user = await verifiedUser(portal);
  return { user, ...(await createdClient(portal, user.token, overrides)) };
}

/** Polls until `check` holds; fails after `withinMs`. */
async function within(withinMs: number, check: () => Promise<boolean>) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('@datafeeds/verifier with a real portal', () => {
  it('counts every call in usage, reported by the feed as it served them', async () => {
    // Limits on, as a feed runs: the portal counts a feed's VALID answers of a trial (a daily quota) only
    // as far as its leases of the day go, and an honest feed admits every one of them from a lease.
    const verifier = await connected({ usageReportMs: 50, enforceLimits: true });
    const { clientId, clientSecret } = await liveToken({ sports: ['nfl'] });
    for (let read = 0; read < 3; read += 1) {
      expect(await verifier.verify(clientSecret, { scope: 'nflLive' })).toMatchObject({ code: 'VALID' });
    }
    expect(await verifier.verify(clientSecret, { scope: 'nbaLive' })).toMatchObject({ code: 'SCOPE_DENIED' });
    expect(verifier.stats.portalCalls).toBe(1);
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    const expected = { [`${hour} nflLive VALID`]: 3, [`${hour} nbaLive SCOPE_DENIED`]: 1 };
    await within(5_000, async () => {
      await portal.usageMeter!.flush();
      return isDeepStrictEqual(await usageRows(portal, clientId), expected);
    });
    expect(await usageRows(portal, clientId)).toEqual(expected);
  });

  it('verifies a token, judges scope and API type locally, and asks the portal once', async () => {
    const verifier = await connected();
    const { clientId, clientSecret } = await liveToken({ sports: ['nfl'] });
    expect(await verifier.verify(clientSecret, { scope: 'nflLive', apiType: 'rest' })).toMatchObject({
      valid: true,
      code: 'VALID',
      clientId,
      scopes: ['nfl', 'nflLive'],
    });
    expect(await verifier.verify(clientSecret, { scope: 'nbaLive' })).toEqual({
      valid: false,
      code: 'SCOPE_DENIED',
      clientId,
    });
    expect(await verifier.verify(clientSecret, { apiType: 'graphql' })).toEqual({
      valid: false,
      code: 'API_TYPE_DENIED',
      clientId,
    });
    expect(verifier.stats.portalCalls).toBe(1);
  });

  it('refuses malformed secrets without a call, and unknown ones after one', async () => {
    const verifier = await connected();
    expect(await verifier.verify('dfsk_nope')).toEqual({ valid: false, code: 'MALFORMED' });
    expect(verifier.stats.portalCalls).toBe(0);
    const stranger = withChecksum('dfsk_', 'U'.repeat(43));
    expect(await verifier.verify(stranger)).toEqual({ valid: false, code: 'NOT_FOUND' });
    expect(await verifier.verify(stranger)).toEqual({ valid: false, code: 'NOT_FOUND' });
    expect(verifier.stats.portalCalls).toBe(1);
  });

  it('drops a cached token within a second of its rotation, deletion or suspension', async () => {
    const verifier = await connected();
    const { user, clientId, clientSecret } = await liveToken();
    await verifier.verify(clientSecret);
    const rotated = (await rotateClient(portal, user.token, clientId)).json<{
      clientId: string;
      clientSecret: string;
    }>();
    await within(1_000, async () => (await verifier.verify(clientSecret)).code === 'NOT_FOUND');
    expect(await verifier.verify(rotated.clientSecret)).toMatchObject({ code: 'VALID' });

    await deleteClient(portal, user.token, rotated.clientId);
    await within(1_000, async () => (await verifier.verify(rotated.clientSecret)).code === 'NOT_FOUND');

    const other = await liveToken();
    await verifier.verify(other.clientSecret);
    await runOperatorCommand(portal, { command: 'suspend-company', args: [other.user.registration.email] });
    await within(1_000, async () => (await verifier.verify(other.clientSecret)).code === 'INACTIVE');
  });

  it('keeps both secrets of a grace-period rotation, and stops the old one at its end on its own', async () => {
    // A portal whose clock runs an hour minus 1.5 s behind: a 1-hour grace period ends 1.5 s from now.
    // Its retirement sweep is off, so only the answer's expiresAt can stop the old secret in time.
    const behind = (3_600 - 1.5) * 1_000;
    const lagging = await buildTestApp({ clock: { now: () => new Date(Date.now() - behind) } });
    const laggingUrl = await lagging.listen({ host: '127.0.0.1', port: 0 });
    const verifier = await connected({ portalUrl: laggingUrl, verifierKey: await newVerifierKey(lagging) });
    const user = await verifiedUser(lagging);
    const old = await createdClient(lagging, user.token);
    const next = (await rotateClient(lagging, user.token, old.clientId, '1h')).json<{
      clientSecret: string;
    }>();

    const answer = await verifier.verify(old.clientSecret);
    expect(answer).toMatchObject({ code: 'VALID' });
    expect(Date.parse((answer as { expiresAt: string }).expiresAt) - Date.now()).toBeLessThan(1_600);
    expect(await verifier.verify(next.clientSecret)).toMatchObject({ code: 'VALID' });
    await within(3_000, async () => (await verifier.verify(old.clientSecret)).code === 'EXPIRED');
    expect(await verifier.verify(next.clientSecret)).toMatchObject({ code: 'VALID' });
  });

  it('drops the old secret of a grace-period rotation within a second of its token being set inactive', async () => {
    const verifier = await connected();
    const old = await liveToken();
    const next = (await rotateClient(portal, old.user.token, old.clientId, '24h')).json<{
      clientId: string;
      clientSecret: string;
    }>();
    // Answered from the verifier's cache (once the rotation's own `retiring` change has gone by).
    await within(1_000, async () => {
      const calls = verifier.stats.portalCalls;
      expect(await verifier.verify(old.clientSecret)).toMatchObject({ code: 'VALID' });
      return verifier.stats.portalCalls === calls;
    });
    await runOperatorCommand(portal, { command: 'set-token-status', args: [next.clientId, 'inactive'] });
    await within(1_000, async () => (await verifier.verify(old.clientSecret)).code === 'NOT_FOUND');
    expect(await verifier.verify(next.clientSecret)).toMatchObject({ code: 'INACTIVE' });
  });

  it('refuses the events stream of a revoked key, and says so', async () => {
    const { row, key } = await portal.verifierKeys.create('to revoke');
    const verifier = createVerifier({ portalUrl, verifierKey: key, onError: () => undefined });
    verifiers.push(verifier);
    await verifier.ready();
    await portal.verifierKeys.revoke(row.id);
    await expect(verifier.verify(withChecksum('dfsk_', 'R'.repeat(43)))).rejects.toThrow(/verifier key/i);
  });

  it('fails closed when the portal goes away: at once by default, after a second with serve-fresh', async () => {
    const second = await buildTestApp();
    const secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
    const key = await newVerifierKey(second, 'outage test');
    const user = await verifiedUser(second);
    const { clientSecret } = await createdClient(second, user.token);
    const refusing = await connected({ portalUrl: secondUrl, verifierKey: key });
    const serving = await connected({
      portalUrl: secondUrl,
      verifierKey: key,
      whenPortalUnreachable: 'serve-fresh',
    });
    expect(await refusing.verify(clientSecret)).toMatchObject({ code: 'VALID' });
    expect(await serving.verify(clientSecret)).toMatchObject({ code: 'VALID' });

    await second.close();
    await within(5_000, async () => !refusing.stats.streamConnected);
    await expect(refusing.verify(clientSecret)).rejects.toBeInstanceOf(PortalUnavailableError);
    // An answer at most a second old may still be served; none older, while nothing can revoke it.
    await within(2_000, () =>
      serving.verify(clientSecret).then(
        () => false,
        (error: unknown) => error instanceof PortalUnavailableError,
      ),
    );
  });

  it('stops answering VALID within a second of its stream being held without closing', async () => {
    // The network between the feed and the portal holds every byte, both ways, with the connections open.
    const network = await startTcpProxy(Number(new URL(portalUrl).port));
    const verifier = await connected({
      portalUrl: `http://127.0.0.1:${network.port}`,
      requestTimeoutMs: 200,
    });
    const { user, clientId, clientSecret } = await liveToken();
    expect(await verifier.verify(clientSecret)).toMatchObject({ code: 'VALID' });
    try {
      network.hold();
      await deleteClient(portal, user.token, clientId);
      const deletedAt = performance.now();
      let lastValidAt = deletedAt;
      await within(3_000, async () => {
        const code = await verifier.verify(clientSecret).then(
          (answer) => answer.code,
          (error: unknown) => (error instanceof PortalUnavailableError ? 'unavailable' : 'thrown'),
        );
        if (code === 'VALID') lastValidAt = performance.now();
        return code === 'unavailable';
      });
      expect(lastValidAt - deletedAt).toBeLessThan(1_500);
      expect(verifier.stats.streamConnected).toBe(false);

      network.restore();
      expect(await verifier.verify(clientSecret)).toEqual({ valid: false, code: 'NOT_FOUND' });
      await within(5_000, async () => verifier.stats.streamConnected);
    } finally {
      await verifier.close();
      await network.close();
    }
  });

  it("admits a trial's calls from units leased of the portal, and refuses RATE_LIMITED past its rate", async () => {
    const verifier = await connected({ enforceLimits: true });
    const { clientId, clientSecret } = await liveToken();
    const first = await verifier.verify(clientSecret);
    expect(first).toMatchObject({ code: 'VALID', limits: { ratePerSecond: expect.any(Number) } });
    const rate = (first as VerifiedCredential).limits.ratePerSecond as number;
    const answers: VerifyResult[] = [first];
    for (let call = 0; call < rate * 3; call += 1) answers.push(await verifier.verify(clientSecret));
    const refused = answers.filter((answer) => answer.code === 'RATE_LIMITED');
    expect(refused[0]).toEqual({
      valid: false,
      code: 'RATE_LIMITED',
      clientId,
      retryAfterMs: expect.any(Number),
      limit: rate,
    });
    // The burst may straddle a second: at most two seconds' worth admitted, every other call refused.
    expect(answers.length - refused.length).toBeLessThanOrEqual(rate * 2);
    expect(answers.every((answer) => answer.code === 'VALID' || answer.code === 'RATE_LIMITED')).toBe(true);
    expect(verifier.stats.leaseCalls).toBeGreaterThan(0);
    expect(verifier.stats.portalCalls).toBe(1);
  });

  it('counts in usage what the feed served: a call it asked the portal about and then refused is a refusal', async () => {
    const verifier = await connected({ enforceLimits: true, usageReportMs: 50 });
    const { user, clientSecret } = await liveToken();
    const other = await createdClient(portal, user.token, { label: 'Other' });
    // Spend the company's second with the first token, then ask for the second token, which is not
    // cached: the portal answers it VALID as it is, the feed's own admission refuses it.
    // (A second that turns between the two starts it again: what the feed served is tallied.)
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    const expected: Record<string, number> = {};
    let served: VerifyResult;
    do {
      let spent: VerifyResult;
      do spent = await verifier.verify(clientSecret);
      while (spent.code === 'VALID');
      served = await verifier.verify(other.clientSecret);
      const row = `${hour} any ${served.code}`;
      expected[row] = (expected[row] ?? 0) + 1;
    } while (served.code === 'VALID');
    expect(served.code).toBe('RATE_LIMITED');
    await within(5_000, async () => {
      await portal.usageMeter!.flush();
      return isDeepStrictEqual(await usageRows(portal, other.clientId), expected);
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await portal.usageMeter!.flush();
    expect(await usageRows(portal, other.clientId)).toEqual(expected);
  });

  it('guards a Fastify route: 401 and 403 JSON with the code, the credential on the request', async () => {
    const verifier = await connected();
    const feed = Fastify();
    await feed.register(verifierPlugin, { verifier, apiType: 'rest' });
    feed.get(
      '/live/:sport',
      {
        preHandler: feed.requireCredential(
          (request) => `${(request.params as { sport: string }).sport}Live` as 'nflLive',
        ),
      },
      async (request) => ({
        clientId: request.credential?.clientId,
      }),
    );
    await feed.ready();
    const { clientId, clientSecret } = await liveToken({ sports: ['nfl'] });
    const ok = await feed.inject({ url: `/live/nfl?RSC_token=${clientSecret}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ clientId });
    const bearer = await feed.inject({
      url: '/live/nfl',
      headers: { authorization: `Bearer ${clientSecret}` },
    });
    expect(bearer.statusCode).toBe(200);
    const denied = await feed.inject({ url: `/live/nba?RSC_token=${clientSecret}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: 'SCOPE_DENIED' });
    const missing = await feed.inject({ url: '/live/nfl' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: 'MISSING_TOKEN' });
    const graphql = await liveToken({ apiType: 'graphql', sports: ['nfl'] });
    const wrongGateway = await feed.inject({ url: `/live/nfl?RSC_token=${graphql.clientSecret}` });
    expect(wrongGateway.statusCode).toBe(403);
    expect(wrongGateway.json()).toMatchObject({ error: 'API_TYPE_DENIED' });
    await feed.close();
  });
});
