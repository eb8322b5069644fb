import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createVerifier, type Verifier, type VerifyResult } from '@datafeeds/verifier';
import { buildFeed } from './app.ts';

const SECRET = 'dfsk_presented';
const credential: VerifyResult = {
  valid: true,
  code: 'VALID',
  clientId: 'dfc_demo0000000000000000',
  companyId: 'company-1',
  companyName: 'Acme Sports',
  accountStatus: 'trial',
  apiType: 'rest',
  scopes: ['nflLive', 'nfl'],
  expiresAt: null,
};

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

/** Answers as the verifier does for a REST token with the NFL live feed. */
function nflLiveVerifier(): Verifier {
  return {
    async verify(_secret, options) {
      if (credential.valid && options?.apiType && options.apiType !== credential.apiType) {
        return { valid: false, code: 'API_TYPE_DENIED', clientId: credential.clientId };
      }
      if (credential.valid && options?.scope && !credential.scopes.includes(options.scope)) {
        return { valid: false, code: 'SCOPE_DENIED', clientId: credential.clientId };
      }
      return credential;
    },
    ready: async () => undefined,
    close: async () => undefined,
    stats: { hits: 0, misses: 0, portalCalls: 0, streamConnected: true, cachedAnswers: 0 },
  };
}

let feed: ReturnType<typeof buildFeed>;

afterEach(async () => {
  await feed.close();
});

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

  it('serves the feed a token covers, naming the client and never echoing the secret', async () => {
    feed = buildFeed({ verifier: nflLiveVerifier() });
    const response = await feed.inject(`/api/v1/live/2026-11-23/NFL?RSC_token=${SECRET}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      sport: 'nfl',
      date: '2026-11-23',
      feed: 'live',
      credential: { clientId: 'dfc_demo0000000000000000' },
      games: expect.any(Array),
    });
    expect(response.body).not.toContain(SECRET);
  });

  it('answers 403 SCOPE_DENIED for a feed the token does not cover', async () => {
    feed = buildFeed({ verifier: nflLiveVerifier() });
    const response = await feed.inject({
      url: '/api/v1/live/2026-11-23/NBA',
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'SCOPE_DENIED',
      message: 'This RSC token does not include the nbaLive feed.',
    });
  });

  it('reports whether it follows the portal on /health', async () => {
    feed = buildFeed({ verifier: nflLiveVerifier() });
    expect((await feed.inject('/health')).json()).toEqual({
      status: 'ok',
      portal: { streamConnected: true },
    });
  });
});
