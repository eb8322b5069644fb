// `npm run db:migrate`: brings the configured database up to this version's schema — the release step
// of a deployment, run before new instances start. On PostgreSQL it takes the same advisory lock as a
// starting server, so it never races one. The embedded database is migrated by `npm start` itself.
import { EnvError, loadEnv } from '../config/env.ts';
import { operatorSocketPath, socketIsLive } from '../config/operator-socket-path.ts';
import { databaseTargetFromEnv, openDatabase } from './client.ts';

async function main(): Promise<number> {
  const env = loadEnv();
  const target = databaseTargetFromEnv(env);
  const socket = operatorSocketPath(env);
  if (target.kind === 'pglite' && socket && (await socketIsLive(socket))) {
    // One process at a time may open PGlite, and the server migrated it when it started.
    process.stdout.write('The server running on this DATA_DIR migrated its database when it started.\n');
    return 0;
  }
  const database = await openDatabase(target, { migrations: 'run' });
  await database.close();
  process.stdout.write(`Database migrated (${target.kind}).\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  },
);
