// Operator commands for the provider team, run against the same environment and database as the server:
//   npm run operator -- import-identities <file.csv>     (from the repository root)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { EnvError, loadEnv } from '../config/env.ts';
import { importIdentities } from './import-identities.ts';

const USAGE = 'Usage: npm run operator -- import-identities <file.csv>';

async function run(args: string[]): Promise<number> {
  const [command, file] = args;
  if (command !== 'import-identities' || !file) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  // npm runs this script inside apps/api; a relative path means the folder the operator typed it in.
  const csv = await readFile(path.resolve(env.INIT_CWD ?? process.cwd(), file), 'utf8');
  // The server's own assembly gives the CLI the same database, migrations, mailer and services.
  const app = await buildApp({ env: { ...env, LOG_LEVEL: 'warn' }, serveWebApp: false });
  try {
    await app.ready();
    const summary = await importIdentities(csv, { users: app.users, recovery: app.recovery });
    const lines = [
      `Imported ${summary.imported.length} identit${summary.imported.length === 1 ? 'y' : 'ies'}:`,
      ...summary.imported.map(
        (row) =>
          `  line ${row.line}: ${row.email}${row.resetEmail === 'not needed' ? '' : ` (reset email ${row.resetEmail})`}`,
      ),
      `Skipped ${summary.skipped.length}:`,
      ...summary.skipped.map((row) => `  line ${row.line}: ${row.email || '(no email)'}: ${row.reason}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } finally {
    await app.close();
  }
}

function isMissingFile(error: unknown): error is NodeJS.ErrnoException & { path: string } {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof EnvError) console.error(error.message);
    else if (isMissingFile(error)) console.error(`Cannot read ${error.path}: no such file`);
    else console.error(error);
    process.exit(1);
  },
);
