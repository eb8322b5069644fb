import { describe, expect, it } from 'vitest';
import { tokenFromAuthorization, tokenFromQuery, tokenFromRequest } from './request-token.ts';

const TOKEN = 'dfsk_abc123';

describe('tokenFromRequest', () => {
  it.each([
    ['the RSC_token query parameter', `/api/v1/live/2026-11-23/NFL?RSC_token=${TOKEN}`, {}, TOKEN],
    ['a Bearer header', '/api/v1/live/2026-11-23/NFL', { authorization: `Bearer ${TOKEN}` }, TOKEN],
    [
      'the query parameter over the header',
      `/x?RSC_token=${TOKEN}`,
      { authorization: 'Bearer other' },
      TOKEN,
    ],
    ['neither', '/api/v1/live/2026-11-23/NFL', {}, undefined],
    [
      'an empty query parameter, falling back to the header',
      '/x?RSC_token=',
      { authorization: 'Bearer h' },
      'h',
    ],
    ['a Basic header as no token', '/x', { authorization: 'Basic dXNlcjpwYXNz' }, undefined],
  ])('reads %s', (_, url, headers, expected) => {
    expect(tokenFromRequest({ url, headers })).toBe(expected);
  });
});

describe('tokenFromQuery', () => {
  it('decodes a URL-encoded value', () => {
    expect(tokenFromQuery('/x?a=1&RSC_token=dfsk%5Fabc%20123&b=2')).toBe('dfsk_abc 123');
  });

  it('takes the first of repeated parameters and stops at a fragment', () => {
    expect(tokenFromQuery('/x?RSC_token=one&RSC_token=two')).toBe('one');
    expect(tokenFromQuery('/x?RSC_token=one#RSC_token=two')).toBe('one');
  });

  it('does not match a parameter that only ends in RSC_token, nor broken encoding', () => {
    expect(tokenFromQuery('/x?old_RSC_token=one')).toBeUndefined();
    expect(tokenFromQuery('/x?RSC_token=%E0%A4%A')).toBeUndefined();
  });
});

describe('tokenFromAuthorization', () => {
  it('accepts the scheme in any case and the first of repeated headers', () => {
    expect(tokenFromAuthorization(`bearer ${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromAuthorization([`BEARER ${TOKEN}`, 'Bearer other'])).toBe(TOKEN);
  });

  it('refuses an empty or spaced token', () => {
    expect(tokenFromAuthorization('Bearer ')).toBeUndefined();
    expect(tokenFromAuthorization('Bearer two words')).toBeUndefined();
    expect(tokenFromAuthorization(undefined)).toBeUndefined();
  });
});
