// argon2id with the OWASP parameters written out, so a library default change never weakens them.
import { hash, verify, type Algorithm } from '@node-rs/argon2';

const ARGON2ID = 2 as Algorithm; // Algorithm is a const enum, which isolated modules cannot read.
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;
const CURRENT_PARAMETERS = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Always spends one verification, even without a stored hash, so timing does not tell them apart. */
  verify(storedHash: string | null | undefined, password: string): Promise<boolean>;
  /** Imported hashes with other parameters are upgraded after a successful login. */
  needsRehash(storedHash: string): boolean;
}

export function isArgon2Hash(value: string): boolean {
  return /^\$argon2(id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.test(value);
}

export function createPasswordHasher(): PasswordHasher {
  // Made up front, so even the first unknown-account login costs one verification, not a hash too.
  const dummyHash = hash('dummy password for unknown accounts', ARGON2_OPTIONS);

  return {
    hash: (password) => hash(password, ARGON2_OPTIONS),
    async verify(storedHash, password) {
      if (!storedHash) {
        await verify(await dummyHash, password).catch(() => false);
        return false;
      }
      return verify(storedHash, password).catch(() => false);
    },
    needsRehash: (storedHash) => !storedHash.startsWith(CURRENT_PARAMETERS),
  };
}
