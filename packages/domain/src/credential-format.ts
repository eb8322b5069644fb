// The public shape of every credential (design §8 "One definition of the formats"): a type prefix, a
// random base62 body and a 6-character base62 CRC-32 of everything before it — the shape GitHub and
// Stripe use, so a secret scanner (or the data feed) can tell a real credential from noise without
// asking the portal. No imports and no Node built-ins: the API, the web app and @datafeeds/verifier
// all take it as it is.

export const CLIENT_ID_PREFIX = 'dfc_';
export const CLIENT_SECRET_PREFIX = 'dfsk_';
export const VERIFIER_KEY_PREFIX = 'dfvk_';

export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 base62 characters carry 256 random bits (62^43 > 2^256). */
export const SECRET_BODY_LENGTH = 43;
/** 62^6 > 2^32: room for the whole CRC-32. */
export const CHECKSUM_LENGTH = 6;
export const CLIENT_ID_BODY_LENGTH = 22;
export const CLIENT_ID_LENGTH = CLIENT_ID_PREFIX.length + CLIENT_ID_BODY_LENGTH;
export const CLIENT_SECRET_LENGTH = CLIENT_SECRET_PREFIX.length + SECRET_BODY_LENGTH + CHECKSUM_LENGTH;
export const VERIFIER_KEY_LENGTH = VERIFIER_KEY_PREFIX.length + SECRET_BODY_LENGTH + CHECKSUM_LENGTH;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let bit = 0; bit < 8; bit += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE, as zlib computes it) of an ASCII string. */
export function crc32Ascii(text: string): number {
  let crc = 0xffffffff;
  for (let index = 0; index < text.length; index += 1) {
    crc = (CRC_TABLE[(crc ^ text.charCodeAt(index)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A non-negative integer below 2^53 in exactly `length` base62 characters (left-padded with 0). */
export function toBase62(value: number, length: number): string {
  let text = '';
  let rest = value;
  while (rest > 0) {
    text = BASE62_ALPHABET.charAt(rest % 62) + text;
    rest = Math.floor(rest / 62);
  }
  return text.padStart(length, '0');
}

export function checksumOf(payload: string): string {
  return toBase62(crc32Ascii(payload), CHECKSUM_LENGTH);
}

/** Prefix + body + checksum: how a new secret or verifier key is written out. */
export function withChecksum(prefix: string, body: string): string {
  const payload = `${prefix}${body}`;
  return `${payload}${checksumOf(payload)}`;
}

function isBase62(text: string, from: number): boolean {
  for (let index = from; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const digit = code >= 48 && code <= 57;
    const upper = code >= 65 && code <= 90;
    const lower = code >= 97 && code <= 122;
    if (!digit && !upper && !lower) return false;
  }
  return true;
}

function isWellFormed(candidate: unknown, prefix: string, length: number): boolean {
  if (typeof candidate !== 'string' || candidate.length !== length || !candidate.startsWith(prefix)) {
    return false;
  }
  if (!isBase62(candidate, prefix.length)) return false;
  return checksumOf(candidate.slice(0, -CHECKSUM_LENGTH)) === candidate.slice(-CHECKSUM_LENGTH);
}

/**
 * A client id as the portal issues them: the prefix and base62 characters, no checksum (an id is no
 * secret). Every route taking one refuses anything else, so no other text reaches a query or the meter.
 */
export const CLIENT_ID_PATTERN = new RegExp(`^${CLIENT_ID_PREFIX}[0-9A-Za-z]{${CLIENT_ID_BODY_LENGTH}}$`);

export function isWellFormedClientId(candidate: unknown): candidate is string {
  return typeof candidate === 'string' && CLIENT_ID_PATTERN.test(candidate);
}

/** True for a string shaped like an RSC token (client secret) whose checksum matches. */
export function isWellFormedClientSecret(candidate: unknown): candidate is string {
  return isWellFormed(candidate, CLIENT_SECRET_PREFIX, CLIENT_SECRET_LENGTH);
}

/** True for a string shaped like a verifier key whose checksum matches. */
export function isWellFormedVerifierKey(candidate: unknown): candidate is string {
  return isWellFormed(candidate, VERIFIER_KEY_PREFIX, VERIFIER_KEY_LENGTH);
}
