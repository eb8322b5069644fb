import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VerifyResult } from '@datafeeds/domain/credentials';
import { authorize } from './authorize.ts';
import { PortalUnavailableError, VerifierClosedError, VerifierKeyRejectedError } from './errors.ts';
import { validAnswer } from './testing/fake-portal.ts';

const REQUEST = { url: '/api/v1/live/2026-11-23/NFL?RSC_token=dfsk_presented', headers: {} };
const OPTIONS = { scope: 'nflLive', apiType: 'rest' } as const;

function answering(answer: VerifyResult | Error) {
  const asked: unknown[] = [];
  const verifier = {
    async verify(secret: unknown, options?: unknown) {
      asked.push([secret, options]);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { verifier, asked };
}

describe('authorize', () => {
  it('answers 401 MISSING_TOKEN without asking the verifier', async () => {
    const { verifier, asked } = answering(validAnswer());
    const result = await authorize(verifier, { url: '/api/v1/live/2026-11-23/NFL', headers: {} }, OPTIONS);
    expect(result).toMatchObject({ ok: false, statusCode: 401, body: { error: 'MISSING_TOKEN' } });
    expect(asked).toEqual([]);
  });

  it('hands over the credential of a VALID answer, asking for the scope and API type', async () => {
    const credential = validAnswer();
    const { verifier, asked } = answering(credential);
    expect(await authorize(verifier, REQUEST, OPTIONS)).toEqual({ ok: true, credential, headers: {} });
    expect(asked).toEqual([['dfsk_presented', OPTIONS]]);
  });

  it.each(['MALFORMED', 'NOT_FOUND', 'PENDING', 'EXPIRED', 'INACTIVE'] as const)(
    'answers %s with 401',
    async (code) => {
      const result = await authorize(answering({ valid: false, code }).verifier, REQUEST, OPTIONS);
      expect(result).toMatchObject({ ok: false, statusCode: 401, body: { error: code } });
      expect(result.ok || result.body.message.length > 20).toBe(true);
    },
  );

  it('answers SCOPE_DENIED with 403 naming the feed', async () => {
    const denied = { valid: false, code: 'SCOPE_DENIED', clientId: 'dfc_1' } as const;
    expect(await authorize(answering(denied).verifier, REQUEST, OPTIONS)).toEqual({
      ok: false,
      statusCode: 403,
      body: { error: 'SCOPE_DENIED', message: 'This RSC token does not include the nflLive feed.' },
    });
  });

  it('answers API_TYPE_DENIED with 403 naming the API', async () => {
    const denied = { valid: false, code: 'API_TYPE_DENIED', clientId: 'dfc_1' } as const;
    expect(await authorize(answering(denied).verifier, REQUEST, OPTIONS)).toEqual({
      ok: false,
      statusCode: 403,
      body: { error: 'API_TYPE_DENIED', message: 'This RSC token is not for the REST API.' },
    });
  });

  describe('over a plan limit', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('answers QUOTA_EXCEEDED with 429, waiting until the quota resets', async () => {
      vi.useFakeTimers({ now: Date.parse('2026-11-26T23:58:59.400Z'), toFake: ['Date'] });
      const refusal = {
        valid: false,
        code: 'QUOTA_EXCEEDED',
        clientId: 'dfc_1',
        resetsAt: '2026-11-27T00:00:00.000Z',
        limit: 10_000,
      } as const;
      const message =
        "Daily limit reached: your company's daily quota (or this RSC token's own lower daily cap) of 10000 requests is used up; it resets at 2026-11-27T00:00:00.000Z.";
      expect(await authorize(answering(refusal).verifier, REQUEST, OPTIONS)).toEqual({
        ok: false,
        statusCode: 429,
        body: {
          type: 'https://iana.org/assignments/http-problem-types#quota-exceeded',
          title: 'Request cannot be satisfied as assigned quota has been exceeded',
          status: 429,
          detail: message,
          'violated-policies': ['daily'],
          error: 'QUOTA_EXCEEDED',
          message,
        },
        // 60.6 s to midnight: whole seconds, rounded up, so a client that waits is admitted.
        headers: {
          'content-type': 'application/problem+json; charset=utf-8',
          'retry-after': '61',
          'ratelimit-policy': '"daily";q=10000;w=86400',
          ratelimit: '"daily";r=0;t=61',
        },
      });
    });

    it('answers RATE_LIMITED with 429, waiting at least a second', async () => {
      const refusal = {
        valid: false,
        code: 'RATE_LIMITED',
        clientId: 'dfc_1',
        retryAfterMs: 120,
        limit: 10,
      } as const;
      const message = "Too many requests: your company's plan allows 10 a second across all its RSC tokens.";
      expect(await authorize(answering(refusal).verifier, REQUEST, OPTIONS)).toEqual({
        ok: false,
        statusCode: 429,
        body: {
          type: 'https://iana.org/assignments/http-problem-types#quota-exceeded',
          title: 'Request cannot be satisfied as assigned quota has been exceeded',
          status: 429,
          detail: message,
          'violated-policies': ['burst'],
          error: 'RATE_LIMITED',
          message,
        },
        headers: {
          'content-type': 'application/problem+json; charset=utf-8',
          'retry-after': '1',
          'ratelimit-policy': '"burst";q=10;w=1',
          ratelimit: '"burst";r=0;t=1',
        },
      });
    });
  });

  it.each([
    ['an unreachable portal', new PortalUnavailableError('down'), '5'],
    ['a throttling portal', new PortalUnavailableError('429', { status: 429, retryAfterSeconds: 12 }), '12'],
    ['a rejected verifier key', new VerifierKeyRejectedError('http://portal'), '5'],
  ])('answers 503 VERIFIER_UNAVAILABLE with Retry-After for %s', async (_, error, retryAfter) => {
    const result = await authorize(answering(error).verifier, REQUEST, OPTIONS);
    expect(result).toMatchObject({
      ok: false,
      statusCode: 503,
      body: { error: 'VERIFIER_UNAVAILABLE' },
      headers: { 'retry-after': retryAfter },
      cause: error,
    });
  });

  it('lets other errors through: they are bugs, not answers', async () => {
    await expect(authorize(answering(new VerifierClosedError()).verifier, REQUEST, OPTIONS)).rejects.toThrow(
      VerifierClosedError,
    );
  });
});
