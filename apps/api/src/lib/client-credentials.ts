// API credentials (design §3). A client id is public and URL-safe. A client secret (the RSC token) is
// `dfsk_` + 43 base62 characters (256 random bits) + a 6-character base62 CRC-32 of everything before it,
// the shape GitHub and Stripe use: a secret scanner can tell a real leaked secret from random noise
// without asking us, and a mistyped secret is refused without a database lookup. Only an HMAC of the
// secret, keyed by a server secret, is stored.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const CLIENT_ID_PREFIX = 'dfc_';
export const CLIENT_SECRET_PREFIX = 'dfsk_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_BODY_LENGTH = 43; // 62^43 > 2^256
const CHECKSUM_LENGTH = 6; // 62^6 > 2^32
/** How much of a secret is kept in clear, so an operator can recognise one read out by a customer. */
const SECRET_START_LENGTH = CLIENT_SECRET_PREFIX.length + 4;

function toBase62(value: bigint, length: number): string {
  let text = '';
  let rest = value;
  while (rest > 0n) {
    text = BASE62.charAt(Number(rest % 62n)) + text;
    rest /= 62n;
  }
  return text.padStart(length, '0');
}

function randomBase62(bytes: number, length: number): string {
  return toBase62(BigInt(`0x${randomBytes(bytes).toString('hex')}`), length);
}

const checksumOf = (text: string) => toBase62(BigInt(crc32(text)), CHECKSUM_LENGTH);

/** 128 random bits in 22 base62 characters, so ids can't be guessed either. */
export function newClientId(): string {
  return `${CLIENT_ID_PREFIX}${randomBase62(16, 22)}`;
}

export function newClientSecret(): string {
  const payload = `${CLIENT_SECRET_PREFIX}${randomBase62(32, SECRET_BODY_LENGTH)}`;
  return `${payload}${checksumOf(payload)}`;
}

const SECRET_PATTERN = new RegExp(
  `^${CLIENT_SECRET_PREFIX}[0-9A-Za-z]{${SECRET_BODY_LENGTH}}[0-9A-Za-z]{${CHECKSUM_LENGTH}}$`,
);

/** True for a string shaped like one of our secrets whose checksum matches: what a scanner checks. */
export function isWellFormedClientSecret(candidate: string): boolean {
  if (!SECRET_PATTERN.test(candidate)) return false;
  const payload = candidate.slice(0, -CHECKSUM_LENGTH);
  return checksumOf(payload) === candidate.slice(-CHECKSUM_LENGTH);
}

export function secretStart(secret: string): string {
  return secret.slice(0, SECRET_START_LENGTH);
}

export function createSecretHasher(key: string) {
  const hash = (secret: string) => createHmac('sha256', key).update(secret).digest('hex');
  return {
    hash,
    /** Constant-time comparison against a stored hash (for the data API's credential check). */
    matches(secret: string, storedHash: string): boolean {
      const expected = Buffer.from(storedHash, 'hex');
      const actual = Buffer.from(hash(secret), 'hex');
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

export type SecretHasher = ReturnType<typeof createSecretHasher>;
