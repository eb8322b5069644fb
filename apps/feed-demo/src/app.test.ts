import { createServer } from 'node:net';
import { parseList, type List } from 'structured-headers';
import { afterEach, describe, expect, it } from 'vitest';
import { createVerifier, type Verifier, type VerifyResult } from '@datafeeds/verifier';
import { buildFeed } from './app.ts';

/** A Structured Fields list of policies as `{ name: { param: value } }`, parsed as a client would. */
function policies(field: string | string[] | number | undefined): Record<string, Record<string, unknown>> {
  expect(typeof field).toBe('string');
  const list: List = parseList(field as string);
  return Object.fromEntries(list.map(([name, parameters]) => [String(name), Object.fromEntries(parameters)]));
}

const SECRET = 'dfsk_presented';
/** A real verifier whose portal is a closed port: fine for every answer given before asking it. */
async function verifierWithoutPortal(): Promise<Verifier> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return createVerifier({
    portalUrl: `http://127.0.0.1:${port}`,
    // Well-formed (format and checksum) but issued by no portal.
    verifierKey: 'dfvk_DemoFeedTestKeyNotIssuedByAnyPortal000000000FZB6M',
    subscribe: false,
  });
}

/** A verifier that answers every token the same way: what the feed makes of an answer, over HTTP. */
function verifierAnswering(
  answer: VerifyResult,
  standing: ReturnType<Verifier['standing']> = null,
): Verifier {
  return {
    verify: async () => answer,
    ready: async () => undefined,
    close: async () => undefined,
    standing: () => standing,
    stats: {
      hits: 0,
      misses: 0,
      portalCalls: 0,
      streamConnected: true,
      cachedAnswers: 0,
      leaseCalls: 0,
      heldDayUnits: 0,
    },
  };
}

let feed: ReturnType<typeof buildFeed>;

afterEach(async () => {
  await feed.close();
});

// What the feed decides before or without the portal, and how it answers a verifier's refusal over a
// plan limit. Serving a feed a token covers, refusing one it does not, and following the portal's
// revocations are tested with the real portal and the real feed process: e2e/tests/feed-demo.spec.ts.
describe('the demo feed', () => {
  it('answers 401 MISSING_TOKEN without a token', async () => {
    feed = buildFeed({ verifier: await verifierWithoutPortal() });
    const response = await feed.inject('/api/v1/live/2026-11-23/NFL');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'MISSING_TOKEN' });
  });

  it('answers 401 MALFORMED for a token that is not one, without asking the portal', async () => {
    feed = buildFeed({ verifier: await verifierWithoutPortal() });
    const response = await feed.inject('/api/v1/live/2026-11-23/NFL?RSC_token=not-a-token');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'MALFORMED' });
  });

  it.each([
    ['/api/v1/live/2026-11-31/NFL', 400, 'INVALID_DATE'],
    ['/api/v1/live/tomorrow/NFL', 400, 'INVALID_DATE'],
    ['/api/v1/schedule/2026-11-23/SOCCER', 404, 'FEED_NOT_FOUND'],
    ['/api/v1/live/2026-11-23/TENNIS', 404, 'UNKNOWN_SPORT'],
    ['/api/v1/scores/2026-11-23/NFL', 404, 'NOT_FOUND'],
  ])('answers %s with %i %s before looking at the token', async (url, statusCode, error) => {
    feed = buildFeed({ verifier: await verifierWithoutPortal() });
    const response = await feed.inject(`${url}?RSC_token=${SECRET}`);
    expect(response.statusCode).toBe(statusCode);
    expect(response.json()).toEqual({ error, message: expect.any(String) });
  });

  it('serves a token with limits with RateLimit-Policy and where it stands in RateLimit', async () => {
    feed = buildFeed({
      verifier: verifierAnswering(
        {
          valid: true,
          code: 'VALID',
          clientId: 'dfc_DemoFeedLimitedToken01',
          companyId: '00000000-0000-4000-8000-000000000001',
          companyName: 'Limited Co',
          accountStatus: 'trial',
          apiType: 'rest',
          scopes: ['nflLive'],
          expiresAt: null,
          limits: { plan: 'trial', dailyQuota: 10_000, ratePerSecond: 10, dailyCap: 500 },
        },
        {
          daily: { limit: 500, remaining: 123, resetSeconds: 5400 },
          burst: { limit: 10, remaining: 7, resetSeconds: 1 },
        },
      ),
    });
    const response = await feed.inject(`/api/v1/live/2026-11-23/NFL?RSC_token=${SECRET}`);
    expect(response.statusCode).toBe(200);
    // The token's own cap is the tighter daily limit.
    expect(policies(response.headers['ratelimit-policy'])).toEqual({
      daily: { q: 500, w: 86_400 },
      burst: { q: 10, w: 1 },
    });
    expect(policies(response.headers.ratelimit)).toEqual({
      daily: { r: 123, t: 5400 },
      burst: { r: 7, t: 1 },
    });
  });

  it('answers 429 QUOTA_EXCEEDED as problem+json naming the daily policy, with Retry-After', async () => {
    const resetsAt = new Date(Date.now() + 90_500).toISOString();
    feed = buildFeed({
      verifier: verifierAnswering({
        valid: false,
        code: 'QUOTA_EXCEEDED',
        clientId: 'dfc_DemoFeedQuotaUsedUp0001',
        resetsAt,
        limit: 10_000,
      }),
    });
    const response = await feed.inject(`/api/v1/live/2026-11-23/NFL?RSC_token=${SECRET}`);
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const message = `Daily limit reached: your company's daily quota (or this RSC token's own lower daily cap) of 10000 requests is used up; it resets at ${resetsAt}.`;
    expect(response.json()).toEqual({
      type: 'https://iana.org/assignments/http-problem-types#quota-exceeded',
      title: 'Request cannot be satisfied as assigned quota has been exceeded',
      status: 429,
      detail: message,
      'violated-policies': ['daily'],
      error: 'QUOTA_EXCEEDED',
      message,
    });
    expect(policies(response.headers['ratelimit-policy'])).toEqual({ daily: { q: 10_000, w: 86_400 } });
    const { daily } = policies(response.headers.ratelimit);
    expect(daily?.r).toBe(0);
    expect(daily?.t).toBeGreaterThanOrEqual(90);
    expect(daily?.t).toBeLessThanOrEqual(91);
    expect(response.headers['retry-after']).toBe(String(daily?.t));
  });

  it('answers 429 RATE_LIMITED naming the burst policy, with a one-second Retry-After', async () => {
    feed = buildFeed({
      verifier: verifierAnswering({
        valid: false,
        code: 'RATE_LIMITED',
        clientId: 'dfc_DemoFeedRateExceeded0001',
        retryAfterMs: 300,
        limit: 10,
      }),
    });
    const response = await feed.inject({
      url: '/api/v1/boxscore/2026-11-23/NBA',
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      'violated-policies': ['burst'],
      error: 'RATE_LIMITED',
      message: "Too many requests: your company's plan allows 10 a second across all its RSC tokens.",
    });
    expect(response.headers['retry-after']).toBe('1');
    expect(policies(response.headers['ratelimit-policy'])).toEqual({ burst: { q: 10, w: 1 } });
    expect(policies(response.headers.ratelimit)).toEqual({ burst: { r: 0, t: 1 } });
  });
});
