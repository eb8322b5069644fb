// DATA_DIR holds the embedded database and the server's generated secrets: it and everything in it are
// owner-only, whatever the umask the server was started with.
import { chmod, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Creates `dir` if needed and makes it, and everything already in it, readable by the owner only. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await restrict(dir);
}

async function restrict(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await restrict(full);
    else if (entry.isFile()) await chmod(full, 0o600);
  }
}

/**
 * The embedded database writes files for as long as it runs (WAL segments, relations), with modes the
 * umask decides: a process serving it makes nothing for anyone else to read.
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}
