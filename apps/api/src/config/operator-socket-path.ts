// Where the server listens for operator commands, and whether one does: only with the embedded database,
// which one process may open (on PostgreSQL the CLI simply connects itself).
import net from 'node:net';
import path from 'node:path';
import type { Env } from './env.ts';

export function operatorSocketPath(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): string | undefined {
  return env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, 'operator.sock');
}

/** True when a live server answers on the socket; a file left by a crashed server is not one. */
export function socketIsLive(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}
