import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createVerifier, type Verifier } from '@datafeeds/verifier';
import { buildFeed } from './app.ts';

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

let feed: ReturnType<typeof buildFeed>;

afterEach(async () => {
  await feed.close();
});

// What the feed decides before or without the portal. Serving a feed a token covers, refusing one it
// does not, and following the portal's revocations are tested with the real portal and the real feed
// process: e2e/tests/feed-demo.spec.ts.
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
});
