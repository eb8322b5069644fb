// One-time tokens (refresh, reset, verification): 256 random bits, stored only as a SHA-256 hash.
// A keyless hash is enough because the token itself is unguessable; the database never holds it.
import { createHash, randomBytes } from 'node:crypto';

export function newRandomToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
