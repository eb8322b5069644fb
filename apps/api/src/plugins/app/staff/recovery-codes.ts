// One-time recovery codes: 80 random bits each, written as 16 base32 characters in groups of four. Stored
// as SHA-256 hashes (as the one-time tokens are): 80 bits cannot be searched from a leaked hash.
import { randomBytes } from 'node:crypto';
import { STAFF_RECOVERY_CODE_COUNT } from '@datafeeds/domain';
import { hashToken } from '../../../lib/random-token.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: STAFF_RECOVERY_CODE_COUNT }, () =>
    (base32(randomBytes(10)).match(/.{4}/g) ?? []).join('-'),
  );
}

/** The hash of a code as typed: case, spaces and dashes do not matter. */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.toLowerCase().replace(/[^a-z2-7]/g, ''));
}
