import Fastify, { type FastifyInstance } from 'fastify';
import { parseList } from 'structured-headers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScopeKey } from '@datafeeds/domain';
import type { VerifyResult } from '@datafeeds/domain/credentials';
import { PortalUnavailableError } from './errors.ts';
import { verifierPlugin, type VerifierPluginOptions } from './fastify.ts';
import { newSecret, startFakePortal, validAnswer } from './testing/fake-portal.ts';
import { createVerifier } from './verifier.ts';

const credential = validAnswer({ scopes: ['nflLive', 'nfl'] });

function fakeVerifier(answer: VerifyResult | Error = credential) {
  return {
    verify: vi.fn(async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    }),
    close: vi.fn(async () => undefined),
  };
}

let app: FastifyInstance;

async function build(verifier: VerifierPluginOptions['verifier'], closeVerifierOnClose = false) {
  app = Fastify();
  await app.register(verifierPlugin, { verifier, apiType: 'rest', closeVerifierOnClose });
  app.get('/open', async (request) => ({ credential: request.credential }));
  app.get('/nfl', { preHandler: app.requireCredential('nflLive') }, async (request) => ({
    clientId: request.credential?.clientId,
  }));
  app.get<{ Params: { sport: string } }>(
    '/live/:sport',
    {
      preHandler: app.requireCredential(
        (request) => `${(request.params as { sport: string }).sport}Live` as ScopeKey,
      ),
    },
    async () => ({ ok: true }),
  );
  return app;
}

afterEach(async () => {
  await app.close();
});

describe('verifierPlugin', () => {
  it('puts the verified credential on the request', async () => {
    const verifier = fakeVerifier();
    await build(verifier);
    const response = await app.inject(`/nfl?RSC_token=dfsk_x`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ clientId: credential.clientId });
    expect(verifier.verify).toHaveBeenCalledWith('dfsk_x', { scope: 'nflLive', apiType: 'rest' });
  });

  it('leaves request.credential null on routes that do not require one', async () => {
    await build(fakeVerifier());
    expect((await app.inject('/open')).json()).toEqual({ credential: null });
  });

  it('asks for the scope a function picks from the request', async () => {
    const verifier = fakeVerifier();
    await build(verifier);
    await app.inject({ url: '/live/nba', headers: { authorization: 'Bearer dfsk_y' } });
    expect(verifier.verify).toHaveBeenCalledWith('dfsk_y', { scope: 'nbaLive', apiType: 'rest' });
  });

  it.each<[string, VerifyResult | Error | undefined, number, string]>([
    ['a missing token', undefined, 401, 'MISSING_TOKEN'],
    ['an unknown token', { valid: false, code: 'NOT_FOUND' }, 401, 'NOT_FOUND'],
    ['another feed', { valid: false, code: 'SCOPE_DENIED', clientId: 'dfc_1' }, 403, 'SCOPE_DENIED'],
    ['an unreachable portal', new PortalUnavailableError('down'), 503, 'VERIFIER_UNAVAILABLE'],
  ])('answers %s with JSON', async (_, answer, statusCode, error) => {
    await build(fakeVerifier(answer));
    const response = await app.inject(answer === undefined ? '/nfl' : '/nfl?RSC_token=dfsk_x');
    expect(response.statusCode).toBe(statusCode);
    expect(response.json()).toEqual({ error, message: expect.any(String) });
    if (statusCode === 503) expect(response.headers['retry-after']).toBe('5');
  });

  it.each<[string, VerifyResult, string, string]>([
    [
      'a used-up quota',
      {
        valid: false,
        code: 'QUOTA_EXCEEDED',
        clientId: 'dfc_1',
        resetsAt: '2026-11-27T00:00:00.000Z',
        limit: 500,
      },
      "Daily limit reached: your company's daily quota (or this RSC token's own lower daily cap) of 500 requests is used up; it resets at 2026-11-27T00:00:00.000Z.",
      'daily',
    ],
    [
      'a rate over the plan',
      { valid: false, code: 'RATE_LIMITED', clientId: 'dfc_1', retryAfterMs: 400, limit: 10 },
      "Too many requests: your company's plan allows 10 a second across all its RSC tokens.",
      'burst',
    ],
  ])('answers %s with 429 problem+json and the limit fields', async (_, answer, message, policy) => {
    await build(fakeVerifier(answer));
    const response = await app.inject('/nfl?RSC_token=dfsk_x');
    expect(response.statusCode).toBe(429);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(response.json()).toMatchObject({ 'violated-policies': [policy], error: answer.code, message });
    const [[name, parameters] = []] = parseList(String(response.headers.ratelimit));
    expect(name).toBe(policy);
    expect(parameters?.get('r')).toBe(0);
    expect(response.headers['retry-after']).toBe(String(parameters?.get('t')));
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('sends the limit fields on every answer of a real verifier, RateLimit counting down to the refusal', async () => {
    const portal = await startFakePortal();
    try {
      const secret = newSecret();
      portal.answers.set(
        secret,
        validAnswer({
          scopes: ['nflLive'],
          limits: { plan: 'trial', dailyQuota: 3, ratePerSecond: 50, dailyCap: null },
        }),
      );
      await build(
        createVerifier({ portalUrl: portal.url, verifierKey: portal.verifierKey, subscribe: false }),
        true,
      );
      const remaining = [];
      for (let call = 0; call < 3; call += 1) {
        const response = await app.inject(`/nfl?RSC_token=${secret}`);
        expect(response.statusCode).toBe(200);
        const policies = parseList(String(response.headers['ratelimit-policy'])).map(([name, parameters]) => [
          name,
          Object.fromEntries(parameters),
        ]);
        expect(Object.fromEntries(policies)).toEqual({ daily: { q: 3, w: 86_400 }, burst: { q: 50, w: 1 } });
        const [[name, parameters] = []] = parseList(String(response.headers.ratelimit));
        expect(name).toBe('daily');
        remaining.push(parameters?.get('r'));
      }
      expect(remaining).toEqual([2, 1, 0]);
      const refused = await app.inject(`/nfl?RSC_token=${secret}`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'QUOTA_EXCEEDED', 'violated-policies': ['daily'] });
      expect(refused.headers['ratelimit-policy']).toBe('"daily";q=3;w=86400');
      expect(String(refused.headers.ratelimit)).toMatch(/^"daily";r=0;t=\d+$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
      await portal.close();
    }
  });

  it('closes the verifier with the app only when told to', async () => {
    const kept = fakeVerifier();
    await (await build(kept)).close();
    expect(kept.close).not.toHaveBeenCalled();
    const owned = fakeVerifier();
    await (await build(owned, true)).close();
    expect(owned.close).toHaveBeenCalledOnce();
  });
});
