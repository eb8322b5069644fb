import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Ascii, isWellFormedVerifierKey } from '@datafeeds/domain';
import {
  CLIENT_ID_PREFIX,
  CLIENT_SECRET_PREFIX,
  createSecretHasher,
  isWellFormedClientSecret,
  newClientId,
  newClientSecret,
  newVerifierKey,
  secretStart,
} from '../../src/lib/client-credentials.ts';

describe('client credentials', () => {
  it('makes prefixed, URL-safe client ids that do not repeat', () => {
    const ids = new Set(Array.from({ length: 200 }, newClientId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(new RegExp(`^${CLIENT_ID_PREFIX}[0-9A-Za-z]{22}$`));
  });

  it('makes secrets of 256 random bits with a checksum a scanner can verify', () => {
    const secret = newClientSecret();
    expect(secret).toMatch(new RegExp(`^${CLIENT_SECRET_PREFIX}[0-9A-Za-z]{49}$`));
    expect(isWellFormedClientSecret(secret)).toBe(true);
    // 43 base62 characters carry at least 256 bits.
    expect(43 * Math.log2(62)).toBeGreaterThanOrEqual(256);
  });

  it('refuses noise and any single changed character', () => {
    const secret = newClientSecret();
    const body = secret.slice(CLIENT_SECRET_PREFIX.length);
    expect(isWellFormedClientSecret(`${CLIENT_SECRET_PREFIX}${'a'.repeat(49)}`)).toBe(false);
    expect(isWellFormedClientSecret(secret.slice(0, -1))).toBe(false);
    for (const position of [0, 20, body.length - 1]) {
      const changed = body[position] === 'x' ? 'y' : 'x';
      const tampered = `${CLIENT_SECRET_PREFIX}${body.slice(0, position)}${changed}${body.slice(position + 1)}`;
      expect(isWellFormedClientSecret(tampered), `position ${position}`).toBe(false);
    }
  });

  it('hashes with the server key: same secret and key match, another key does not', () => {
    const secret = newClientSecret();
    const hasher = createSecretHasher('key-one-0123456789abcdef0123456789abcdef');
    const other = createSecretHasher('key-two-0123456789abcdef0123456789abcdef');
    const stored = hasher.hash(secret);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(secret.slice(CLIENT_SECRET_PREFIX.length, 20));
    expect(hasher.hash(secret)).toBe(stored);
    expect(other.hash(secret)).not.toBe(stored);
    expect(hasher.hash(newClientSecret())).not.toBe(stored);
  });

  it('checksums as zlib does, so secrets issued before the format moved to the domain still verify', () => {
    for (let round = 0; round < 50; round += 1) {
      const secret = newClientSecret();
      const payload = secret.slice(0, -6);
      expect(crc32Ascii(payload)).toBe(crc32(payload));
    }
  });

  it('makes verifier keys of the same shape under their own prefix', () => {
    const key = newVerifierKey();
    expect(key).toMatch(/^dfvk_[0-9A-Za-z]{49}$/);
    expect(isWellFormedVerifierKey(key)).toBe(true);
    expect(isWellFormedClientSecret(key)).toBe(false);
    expect(isWellFormedVerifierKey(newClientSecret())).toBe(false);
  });

  it('keeps only the prefix and four characters in clear', () => {
    const secret = newClientSecret();
    expect(secretStart(secret)).toBe(secret.slice(0, CLIENT_SECRET_PREFIX.length + 4));
  });
});
