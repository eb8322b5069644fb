import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  ARGON2_OPTIONS,
  createPasswordHasher,
  isArgon2Hash,
} from '../../../../src/plugins/app/users/password-hasher.ts';

const hasher = createPasswordHasher();

describe('password hasher', () => {
  it('hashes with argon2id and the OWASP parameters', async () => {
    const stored = await hasher.hash('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'correct horse')).toBe(true);
    expect(await hasher.verify(stored, 'wrong horse')).toBe(false);
    expect(hasher.needsRehash(stored)).toBe(false);
  });

  it.each([null, undefined, '', 'not-a-hash'])('refuses a login against %j', async (stored) => {
    expect(await hasher.verify(stored, 'anything')).toBe(false);
  });

  it('asks to rehash hashes made with other parameters', async () => {
    const old = await hash('pw', { ...ARGON2_OPTIONS, memoryCost: 4096 });
    expect(isArgon2Hash(old)).toBe(true);
    expect(hasher.needsRehash(old)).toBe(true);
    expect(await hasher.verify(old, 'pw')).toBe(true);
  });
});
