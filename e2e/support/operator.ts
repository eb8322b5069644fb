// Operator commands of the provider team, run as the team runs them, against the server under test.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { E2E_DATA_DIR } from './server.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

export async function operator(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'operator', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'warn' },
  });
  return stdout;
}
