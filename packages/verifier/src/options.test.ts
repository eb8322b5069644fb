import { describe, expect, it } from 'vitest';
import { InvalidVerifierOptionsError } from './errors.ts';
import { resolveVerifierOptions, type VerifierOptions } from './options.ts';
import { newVerifierKey } from './testing/fake-portal.ts';

const KEY = newVerifierKey();
const valid: VerifierOptions = { portalUrl: 'http://127.0.0.1:8080', verifierKey: KEY };

describe('resolveVerifierOptions', () => {
  it('fills in the documented defaults', () => {
    expect(resolveVerifierOptions(valid)).toMatchObject({
      verifyUrl: 'http://127.0.0.1:8080/api/v1/credentials/verify',
      eventsUrl: 'http://127.0.0.1:8080/api/v1/credentials/events',
      usageUrl: 'http://127.0.0.1:8080/api/v1/credentials/usage',
      allowanceUrl: 'http://127.0.0.1:8080/api/v1/credentials/allowance',
      usageReportMs: 1_000,
      enforceLimits: true,
      cacheMax: 10_000,
      cacheTtlMs: 30_000,
      whenPortalUnreachable: 'refuse',
      requestTimeoutMs: 2_000,
      subscribe: true,
    });
  });

  it('turns usage reports off with usageReportMs 0', () => {
    expect(resolveVerifierOptions({ ...valid, usageReportMs: 0 }).usageReportMs).toBe(0);
  });

  it('keeps a path prefix and drops credentials in the URL from what messages show', () => {
    const resolved = resolveVerifierOptions({ ...valid, portalUrl: 'https://user:pw@portal.example/feeds/' });
    expect(resolved.verifyUrl).toBe('https://portal.example/feeds/api/v1/credentials/verify');
    expect(resolved.allowanceUrl).toBe('https://portal.example/feeds/api/v1/credentials/allowance');
    expect(resolved.portalLabel).toBe('https://portal.example/feeds');
  });

  it.each<[string, Partial<VerifierOptions>, RegExp]>([
    ['a relative URL', { portalUrl: '/portal' }, /portalUrl must be an absolute http\(s\) URL/],
    ['another protocol', { portalUrl: 'ftp://portal' }, /portalUrl must use http or https/],
    ['a missing key', { verifierKey: '' }, /verifierKey is not a well-formed verifier key/],
    [
      'a key with a wrong checksum',
      { verifierKey: `${KEY.slice(0, -1)}${KEY.endsWith('A') ? 'B' : 'A'}` },
      /verifierKey/,
    ],
    ['a client secret as key', { verifierKey: KEY.replace('dfvk_', 'dfsk_') }, /verifierKey/],
    ['a zero cache', { cache: { max: 0 } }, /cache.max must be a positive whole number/],
    ['a fractional TTL', { cache: { ttlMs: 1.5 } }, /cache.ttlMs must be a positive whole number/],
    ['a TTL over an hour', { cache: { ttlMs: 3_600_001 } }, /cache.ttlMs may be at most 3600000/],
    ['a negative timeout', { requestTimeoutMs: -1 }, /requestTimeoutMs/],
    ['a negative report interval', { usageReportMs: -1 }, /usageReportMs/],
    ['an unknown policy', { whenPortalUnreachable: 'ignore' as never }, /'refuse' or 'serve-fresh'/],
    [
      'enforceLimits that is not a boolean',
      { enforceLimits: 'no' as never },
      /enforceLimits must be true or false/,
    ],
  ])('refuses %s with a clear error', (_, override, message) => {
    expect(() => resolveVerifierOptions({ ...valid, ...override })).toThrow(InvalidVerifierOptionsError);
    expect(() => resolveVerifierOptions({ ...valid, ...override })).toThrow(message);
  });

  it('names the option at fault', () => {
    expect(() => resolveVerifierOptions({ ...valid, verifierKey: 'dfvk_nope' })).toThrow(
      expect.objectContaining({ option: 'verifierKey' }),
    );
  });

  it('never repeats the key in its messages', () => {
    const badKey = `${KEY}x`;
    expect(() => resolveVerifierOptions({ ...valid, verifierKey: badKey })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(badKey) }),
    );
  });
});
