import { isWellFormedClientId, isWellFormedClientSecret } from '@datafeeds/domain';
import { describe, expect, it } from 'vitest';
import { makeClientId, makeClientSecret } from './fixtures';

describe('credential fixtures', () => {
  it('are in the formats the API issues, seeded or not', () => {
    for (const id of [makeClientId(), makeClientId(), makeClientId('aaa11')])
      expect(isWellFormedClientId(id), id).toBe(true);
    for (const secret of [makeClientSecret(), makeClientSecret('Rotated01')])
      expect(isWellFormedClientSecret(secret), secret).toBe(true);
  });

  it('end with their seed, and differ without one', () => {
    expect(makeClientId('aaa11')).toBe('dfc_00000000000000000aaa11');
    expect(makeClientId('aaa11')).toBe(makeClientId('aaa11'));
    expect(makeClientId()).not.toBe(makeClientId());
    expect(makeClientSecret('x')).toBe(makeClientSecret('x'));
  });

  it('refuse a seed the format cannot hold', () => {
    expect(() => makeClientId('team*ab12')).toThrow(/base62/);
    expect(() => makeClientId('a'.repeat(23))).toThrow(/up to 22/);
  });
});
