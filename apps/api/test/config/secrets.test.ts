import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSecrets } from '../../src/config/secrets.ts';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'datafeeds-secrets-'));

describe('resolveSecrets', () => {
  it('generates the secrets once into DATA_DIR/secrets.json, readable by the owner only', async () => {
    const dir = dataDir();
    const first = await resolveSecrets({
      DATA_DIR: dir,
      SESSION_SECRET: undefined,
      CLIENT_SECRET_HASH_KEY: undefined,
    });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.clientSecretHashKey).not.toBe(first.sessionSecret);
    expect(statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const second = await resolveSecrets({
      DATA_DIR: dir,
      SESSION_SECRET: undefined,
      CLIENT_SECRET_HASH_KEY: undefined,
    });
    expect(second).toEqual(first);
  });

  it('lets the environment override each secret (several instances share them)', async () => {
    const dir = dataDir();
    const sessionSecret = 's'.repeat(40);
    const fromEnv = await resolveSecrets({
      DATA_DIR: dir,
      SESSION_SECRET: sessionSecret,
      CLIENT_SECRET_HASH_KEY: undefined,
    });
    expect(fromEnv.sessionSecret).toBe(sessionSecret);
    expect(fromEnv.clientSecretHashKey.length).toBeGreaterThanOrEqual(32);
  });
});
