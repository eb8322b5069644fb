// Issuing credentials (design §3, §8). Their public shape — prefixes, base62 body, CRC-32 checksum — is
// defined once in the domain (`credential-format.ts`) and shared with @datafeeds/verifier; this module
// adds what only the server does: drawing the randomness and keying the hash that is stored instead of
// the secret.
import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import {
  BASE62_ALPHABET,
  CLIENT_ID_BODY_LENGTH,
  CLIENT_ID_PREFIX,
  CLIENT_SECRET_PREFIX,
  SECRET_BODY_LENGTH,
  VERIFIER_KEY_PREFIX,
  withChecksum,
} from '@datafeeds/domain';

export { CLIENT_ID_PREFIX, CLIENT_SECRET_PREFIX, isWellFormedClientSecret } from '@datafeeds/domain';

/** How much of a secret is kept in clear, so an operator can recognise one read out by a customer. */
const SECRET_START_LENGTH = CLIENT_SECRET_PREFIX.length + 4;

/** `bytes` random bytes written as exactly `length` base62 characters. */
function randomBase62(bytes: number, length: number): string {
  let rest = BigInt(`0x${randomBytes(bytes).toString('hex')}`);
  let text = '';
  while (rest > 0n) {
    text = BASE62_ALPHABET.charAt(Number(rest % 62n)) + text;
    rest /= 62n;
  }
  return text.padStart(length, '0');
}

/** 128 random bits in 22 base62 characters, so ids can't be guessed either. */
export function newClientId(): string {
  return `${CLIENT_ID_PREFIX}${randomBase62(16, CLIENT_ID_BODY_LENGTH)}`;
}

/** An RSC token: 256 random bits with the checksum a scanner (or the data feed) can check offline. */
export function newClientSecret(): string {
  return withChecksum(CLIENT_SECRET_PREFIX, randomBase62(32, SECRET_BODY_LENGTH));
}

/** A data-feed service's key for the verification API: the same shape under its own prefix. */
export function newVerifierKey(): string {
  return withChecksum(VERIFIER_KEY_PREFIX, randomBase62(32, SECRET_BODY_LENGTH));
}

export function secretStart(secret: string): string {
  return secret.slice(0, SECRET_START_LENGTH);
}

/** The keyed hash stored in place of a secret (client secrets and verifier keys alike). */
export function createSecretHasher(key: string) {
  // Prepared once: the hash is on every verification call.
  const keyObject = createSecretKey(Buffer.from(key, 'utf8'));
  return {
    hash: (secret: string) => createHmac('sha256', keyObject).update(secret).digest('hex'),
  };
}

export type SecretHasher = ReturnType<typeof createSecretHasher>;
