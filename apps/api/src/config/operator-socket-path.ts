// Where the server listens for operator commands: only with the embedded database, which one process
// may open (on PostgreSQL the CLI simply connects itself).
import path from 'node:path';
import type { Env } from './env.ts';

export function operatorSocketPath(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): string | undefined {
  return env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, 'operator.sock');
}
