// Server secrets: taken from the environment when set (several instances must share them), otherwise
// generated once and kept in DATA_DIR/secrets.json, readable by the owner only.
import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ensurePrivateDir } from './data-dir.ts';
import type { Env } from './env.ts';

export interface Secrets {
  sessionSecret: string;
  clientSecretHashKey: string;
}

const storedSecretsSchema = z.object({
  sessionSecret: z.string().min(32),
  clientSecretHashKey: z.string().min(32),
});

const generate = () => randomBytes(48).toString('base64url');

export async function resolveSecrets(
  env: Pick<Env, 'DATA_DIR' | 'SESSION_SECRET' | 'CLIENT_SECRET_HASH_KEY'>,
): Promise<Secrets> {
  if (env.SESSION_SECRET && env.CLIENT_SECRET_HASH_KEY) {
    return { sessionSecret: env.SESSION_SECRET, clientSecretHashKey: env.CLIENT_SECRET_HASH_KEY };
  }
  const file = path.join(env.DATA_DIR, 'secrets.json');
  let stored = await readStored(file);
  if (!stored) {
    stored = { sessionSecret: generate(), clientSecretHashKey: generate() };
    await ensurePrivateDir(env.DATA_DIR);
    // 'wx' fails if another process created the file meanwhile; then its secrets win.
    try {
      await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
    } catch {
      stored = await readStored(file);
      if (!stored) throw new Error(`Cannot read or create ${file}`);
    }
  }
  await chmod(file, 0o600);
  return {
    sessionSecret: env.SESSION_SECRET ?? stored.sessionSecret,
    clientSecretHashKey: env.CLIENT_SECRET_HASH_KEY ?? stored.clientSecretHashKey,
  };
}

async function readStored(file: string): Promise<Secrets | undefined> {
  try {
    return storedSecretsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file} is not a valid secrets file`, { cause: error });
  }
}
