import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { TRIAL_DAYS, withChecksum } from '@datafeeds/domain';
import { system, verification } from '@datafeeds/domain/calls';
import { runOperatorCommand } from '../../../src/operator/commands.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo, registerUser } from '../../helpers/factories.ts';
import {
  createdClient,
  deleteClient,
  rotateClient,
  verifiedUser,
  verifyEmailOf,
} from '../../helpers/tokens.ts';
import { newVerifierKey, verified, verifyCall } from '../../helpers/verification.ts';

const clock = testClock(new Date('2026-06-01T09:00:00Z'));
const logLines: string[] = [];
const app = await buildTestApp({
  clock,
  env: { LOG_LEVEL: 'trace' },
  logStream: new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  }),
});
const key = await newVerifierKey(app);
const operator = (command: string, ...args: string[]) => runOperatorCommand(app, { command, args });
const queries = () => app.verification.stats.queries;

async function liveToken(overrides = {}) {
  const user = await verifiedUser(app);
  const credentials = await createdClient(app, user.token, overrides);
  return { user, ...credentials };
}

describe('POST /api/v1/credentials/verify', () => {
  it('answers VALID with the credential, its company and every scope it grants', async () => {
    const { user, clientId, clientSecret } = await liveToken({ sports: ['nfl', 'nhl'] });
    const answer = await verified(app, key, { secret: clientSecret, scope: 'nflLive', apiType: 'rest' });
    expect(answer).toEqual({
      valid: true,
      code: 'VALID',
      clientId,
      companyId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      companyName: user.registration.companyName,
      accountStatus: 'trial',
      apiType: 'rest',
      scopes: ['nfl', 'nhl', 'nflLive', 'nhlLive'],
      expiresAt: new Date(clock.now().getTime() + TRIAL_DAYS * 86_400_000).toISOString(),
      limits: { plan: 'trial', dailyQuota: 10_000, ratePerSecond: 10, dailyCap: null },
    });
    // Without scope and apiType the credential itself is checked.
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ valid: true, code: 'VALID' });
  });

  it('answers SCOPE_DENIED and API_TYPE_DENIED with the client id', async () => {
    const { clientId, clientSecret } = await liveToken({ sports: ['nfl'] });
    expect(await verified(app, key, { secret: clientSecret, scope: 'nbaLive' })).toEqual({
      valid: false,
      code: 'SCOPE_DENIED',
      clientId,
    });
    expect(await verified(app, key, { secret: clientSecret, scope: 'nflPreGame' })).toMatchObject({
      code: 'SCOPE_DENIED',
    });
    expect(await verified(app, key, { secret: clientSecret, scope: 'nfl', apiType: 'graphql' })).toEqual({
      valid: false,
      code: 'API_TYPE_DENIED',
      clientId,
    });
    const graphql = await liveToken({ apiType: 'graphql', sports: ['mlb'] });
    expect(await verified(app, key, { secret: graphql.clientSecret, apiType: 'rest' })).toMatchObject({
      code: 'API_TYPE_DENIED',
    });
  });

  it('answers MALFORMED for a bad format or checksum without touching the database', async () => {
    const { clientSecret } = await liveToken();
    const before = queries();
    const wrongChecksum = `${clientSecret.slice(0, -1)}${clientSecret.endsWith('a') ? 'b' : 'a'}`;
    for (const secret of ['', 'hello', `${clientSecret} `, wrongChecksum, clientSecret.slice(1)]) {
      expect(await verified(app, key, { secret })).toEqual({ valid: false, code: 'MALFORMED' });
    }
    // A NUL is refused before the body is read at all, as on every call (hostile-input.test.ts).
    expect((await verifyCall(app, key, { secret: 'dfsk_\u0000' })).statusCode).toBe(400);
    expect(queries()).toBe(before);
  });

  it('answers NOT_FOUND for a well-formed secret nobody was given, and remembers it', async () => {
    const stranger = withChecksum('dfsk_', 'Z'.repeat(43));
    const before = queries();
    expect(await verified(app, key, { secret: stranger })).toEqual({ valid: false, code: 'NOT_FOUND' });
    expect(await verified(app, key, { secret: stranger })).toEqual({ valid: false, code: 'NOT_FOUND' });
    expect(queries()).toBe(before + 1);
  });

  it('answers PENDING until the creator verifies the email, then VALID at once', async () => {
    const user = await registerUser(app);
    const { clientSecret } = await createdClient(app, user.token);
    expect(await verified(app, key, { secret: clientSecret })).toEqual({ valid: false, code: 'PENDING' });
    await verifyEmailOf(app, user);
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ code: 'VALID' });
  });

  it('answers INACTIVE for a token the provider team disabled, and VALID once it is enabled again', async () => {
    const { clientId, clientSecret } = await liveToken();
    await verified(app, key, { secret: clientSecret }); // cached
    await operator('set-token-status', clientId, 'inactive');
    expect(await verified(app, key, { secret: clientSecret })).toEqual({ valid: false, code: 'INACTIVE' });
    await operator('set-token-status', clientId, 'review');
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ code: 'VALID' });
  });

  it("answers INACTIVE while the token's company is suspended", async () => {
    const { user, clientSecret } = await liveToken();
    await verified(app, key, { secret: clientSecret });
    expect((await operator('suspend-company', user.registration.email)).ok).toBe(true);
    expect(await verified(app, key, { secret: clientSecret })).toEqual({ valid: false, code: 'INACTIVE' });
    expect(await operator('suspend-company', user.registration.email)).toMatchObject({ ok: false });
    expect((await operator('reinstate-company', user.registration.email, 'trial')).ok).toBe(true);
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ code: 'VALID' });
  });

  it('answers EXPIRED from the exact second a trial ends, whether or not the answer is cached', async () => {
    const start = clock.now();
    const { user, clientSecret } = await liveToken();
    const { clientSecret: uncached } = await createdClient(app, user.token, { label: 'Never asked' });
    const trialEnd = new Date(start.getTime() + TRIAL_DAYS * 86_400_000);
    try {
      clock.set(new Date(trialEnd.getTime() - 1));
      expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ code: 'VALID' });
      clock.set(trialEnd);
      expect(await verified(app, key, { secret: clientSecret })).toEqual({ valid: false, code: 'EXPIRED' });
      expect(await verified(app, key, { secret: uncached })).toEqual({ valid: false, code: 'EXPIRED' });

      // The sweep records the expiry; an extended trial brings the tokens back.
      expect(await app.credentials.expireDue()).toBeGreaterThanOrEqual(2);
      expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ code: 'EXPIRED' });
      expect((await operator('extend-trial', user.registration.email, '7')).ok).toBe(true);
      expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ code: 'VALID' });
      expect(await verified(app, key, { secret: uncached })).toMatchObject({ code: 'VALID' });
    } finally {
      clock.set(start);
    }
  });

  it('answers VALID again for expired tokens once the upgrade is approved, with no expiry', async () => {
    const start = clock.now();
    const { user, clientSecret } = await liveToken();
    try {
      clock.advance(TRIAL_DAYS * 86_400 + 1);
      await app.credentials.expireDue();
      expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ code: 'EXPIRED' });
      await operator('approve-upgrade', user.registration.email);
      expect(await verified(app, key, { secret: clientSecret })).toMatchObject({
        code: 'VALID',
        accountStatus: 'paid',
        expiresAt: null,
      });
    } finally {
      clock.set(start);
    }
  });

  it('never serves a rotated or deleted token from its cache', async () => {
    const { user, clientId, clientSecret } = await liveToken();
    expect(await verified(app, key, { secret: clientSecret })).toMatchObject({ code: 'VALID' });
    const rotated = await rotateClient(app, user.token, clientId);
    const next = rotated.json<{ clientId: string; clientSecret: string }>();
    expect(await verified(app, key, { secret: clientSecret })).toEqual({ valid: false, code: 'NOT_FOUND' });
    expect(await verified(app, key, { secret: next.clientSecret })).toMatchObject({
      code: 'VALID',
      clientId: next.clientId,
    });
    expect((await deleteClient(app, user.token, next.clientId)).statusCode).toBe(204);
    expect(await verified(app, key, { secret: next.clientSecret })).toEqual({
      valid: false,
      code: 'NOT_FOUND',
    });
  });

  it('answers warm calls from the cache and shares one query among concurrent misses', async () => {
    const { clientSecret } = await liveToken();
    const before = queries();
    // Ten: the trial's rate a second (the test clock stands still), past which RATE_LIMITED answers.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => verified(app, key, { secret: clientSecret, scope: 'nhl' })),
    );
    expect(answers.every((answer) => answer.code === 'VALID')).toBe(true);
    expect(queries()).toBe(before + 1);
    await verified(app, key, { secret: clientSecret, scope: 'nflLive' });
    expect(queries()).toBe(before + 1);
  });

  it.each([
    ['no body', undefined],
    ['no secret', { scope: 'nfl' }],
    ['a secret that is not a string', { secret: 42 }],
    ['an unknown scope', { secret: 'dfsk_x', scope: 'cricketLive' }],
    ['an unknown api type', { secret: 'dfsk_x', apiType: 'soap' }],
    ['a secret too long to be one', { secret: 'a'.repeat(10_000) }],
  ])('answers 400 for %s', async (_name, payload) => {
    const response = await verifyCall(app, key, payload ?? {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', message: expect.any(String) });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await app.inject({
      ...callTo(verification.verifyCredential),
      headers: { ...bearer(key), 'content-type': 'application/json' },
      payload: '{"secret":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('never writes a presented secret into a log line', async () => {
    const { clientSecret } = await liveToken();
    await verified(app, key, { secret: clientSecret });
    await verifyCall(app, key, { secret: clientSecret, scope: 'nope' });
    const logs = logLines.join('');
    expect(logs).not.toContain(clientSecret);
    expect(logs).not.toContain(clientSecret.slice(5, 30));
    expect(logs).not.toContain(key);
  });
});

describe('verifier keys', () => {
  it.each([
    ['no key', undefined],
    ['a malformed key', 'dfvk_nope'],
    ['a client secret instead of a key', withChecksum('dfsk_', 'Q'.repeat(43))],
    ['an unknown well-formed key', withChecksum('dfvk_', 'Q'.repeat(43))],
  ])('refuses %s with 401 and no verification answer', async (_name, presented) => {
    const { clientSecret } = await liveToken();
    const response = await verifyCall(app, presented, { secret: clientSecret }, '10.9.0.1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'unauthorized',
      message: expect.stringMatching(/verifier key/),
    });
  });

  it('are created (printed once), listed with their last use, and revoked everywhere at once', async () => {
    const created = await operator('verifier-key', 'create', 'Scores gateway');
    expect(created.ok).toBe(true);
    const printed = /(dfvk_[0-9A-Za-z]{49})/.exec(created.output)?.[1] ?? '';
    const id = /\(id ([0-9a-f-]{36})\)/.exec(created.output)?.[1] ?? '';
    const { clientSecret } = await liveToken();
    expect(await verified(app, printed, { secret: clientSecret })).toMatchObject({ code: 'VALID' });

    const listed = await operator('verifier-key', 'list');
    expect(listed.output).toContain(`${id}  "Scores gateway"  ${printed.slice(0, 9)}…`);
    // last_used_at is written beside the answer, never on its path: on a busy machine it lands a little later.
    await vi.waitFor(
      async () =>
        expect((await operator('verifier-key', 'list')).output).toMatch(
          new RegExp(`${id}.*last used \\d{4}-.*live`),
        ),
      { timeout: 10_000, interval: 50 },
    );
    expect(listed.output).not.toContain(printed);

    expect(await operator('verifier-key', 'revoke', id)).toMatchObject({ ok: true });
    expect((await verifyCall(app, printed, { secret: clientSecret })).statusCode).toBe(401);
    expect((await operator('verifier-key', 'list')).output).toMatch(new RegExp(`${id}.*revoked \\d{4}-`));
    expect(await operator('verifier-key', 'revoke', id)).toMatchObject({ ok: false });
    expect(await operator('verifier-key', 'revoke', 'not-an-id')).toMatchObject({ ok: false });
    expect(await operator('verifier-key', 'create', '  ')).toMatchObject({ ok: false });
    expect(await operator('verifier-key', 'rotate', id)).toMatchObject({ ok: false });
  });

  it('throttles an address that keeps presenting bad keys, and only that address', async () => {
    const throttled = await buildTestApp({ verifierThrottle: { maxFailures: 3 } });
    const goodKey = await newVerifierKey(throttled);
    const badKey = withChecksum('dfvk_', 'B'.repeat(43));
    const secret = withChecksum('dfsk_', 'C'.repeat(43));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await verifyCall(throttled, badKey, { secret }, '10.0.0.7')).statusCode).toBe(401);
    }
    const blocked = await verifyCall(throttled, badKey, { secret }, '10.0.0.7');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not blocked, and a live key keeps working from anywhere.
    expect((await verifyCall(throttled, badKey, { secret }, '10.0.0.8')).statusCode).toBe(401);
    expect((await verifyCall(throttled, goodKey, { secret }, '10.0.0.9')).statusCode).toBe(200);
  });

  it('are not counted by the per-address request limit that guards the portal', async () => {
    const limited = await buildTestApp({ rateLimits: { global: 5 } });
    const liveKey = await newVerifierKey(limited);
    const secret = withChecksum('dfsk_', 'D'.repeat(43));
    for (let call = 0; call < 20; call += 1) {
      expect((await verifyCall(limited, liveKey, { secret })).statusCode).toBe(200);
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the data feed’s calls apart from the browser’s, with their key and examples', async () => {
    const document = (await app.inject(callTo(system.openapiDocument))).json();
    const verify = document.paths['/api/v1/credentials/verify'].post;
    expect(verify.tags).toEqual(['verification']);
    expect(verify.security).toEqual([{ verifierKey: [] }]);
    expect(document.components.securitySchemes.verifierKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(JSON.stringify(verify)).toContain('SCOPE_DENIED');
    const events = document.paths['/api/v1/credentials/events'].get;
    expect(events.tags).toEqual(['verification']);
    expect(JSON.stringify(document.components.schemas)).toContain('"examples"');
    expect(document.paths['/api/GetClients'].get.tags).not.toContain('verification');
  });
});
