import { describe, expect, it } from 'vitest';
import {
  CLIENT_SECRET_LENGTH,
  checksumOf,
  isWellFormedClientId,
  crc32Ascii,
  isWellFormedClientSecret,
  isWellFormedVerifierKey,
  toBase62,
  withChecksum,
} from './credential-format.ts';

const body = 'a'.repeat(43);

describe('credential format', () => {
  it('computes the standard CRC-32 (the check value of "123456789" is CBF43926)', () => {
    expect(crc32Ascii('123456789')).toBe(0xcbf43926);
    expect(crc32Ascii('')).toBe(0);
  });

  it('writes numbers in fixed-width base62', () => {
    expect(toBase62(0, 6)).toBe('000000');
    expect(toBase62(61, 2)).toBe('0z');
    expect(toBase62(62, 2)).toBe('10');
    expect(toBase62(0xffffffff, 6)).toHaveLength(6);
  });

  it('accepts a client id of the issued shape, and nothing else', () => {
    const id = `dfc_${'aZ9'.repeat(7)}x`;
    expect(isWellFormedClientId(id)).toBe(true);
    for (const near of [
      `${id}|1`,
      `${id.slice(0, -1)}\u0000`,
      `${id.slice(0, -1)}\ud800`,
      id.slice(1),
      `${id}a`,
    ]) {
      expect(isWellFormedClientId(near)).toBe(false);
    }
    expect(isWellFormedClientId(id.replace('dfc_', 'dfx_'))).toBe(false);
    expect(isWellFormedClientId(undefined)).toBe(false);
  });

  it('accepts a secret with its checksum, and refuses every kind of near miss', () => {
    const secret = withChecksum('dfsk_', body);
    expect(secret).toHaveLength(CLIENT_SECRET_LENGTH);
    expect(isWellFormedClientSecret(secret)).toBe(true);
    expect(isWellFormedClientSecret(`${secret} `)).toBe(false);
    expect(isWellFormedClientSecret(secret.slice(0, -1))).toBe(false);
    expect(isWellFormedClientSecret(secret.replace('dfsk_', 'dfvk_'))).toBe(false);
    expect(isWellFormedClientSecret(`dfsk_${'a'.repeat(42)}-${checksumOf(`dfsk_${body}`)}`)).toBe(false);
    expect(isWellFormedClientSecret(`dfsk_${'b'}${body.slice(1)}${secret.slice(-6)}`)).toBe(false);
    expect(isWellFormedClientSecret(undefined)).toBe(false);
    expect(isWellFormedClientSecret(42)).toBe(false);
    expect(isWellFormedClientSecret(`dfsk_${'\u0000'.repeat(49)}`)).toBe(false);
  });

  it('keeps verifier keys and client secrets apart by prefix', () => {
    const key = withChecksum('dfvk_', body);
    expect(isWellFormedVerifierKey(key)).toBe(true);
    expect(isWellFormedClientSecret(key)).toBe(false);
    expect(isWellFormedVerifierKey(withChecksum('dfsk_', body))).toBe(false);
  });
});
