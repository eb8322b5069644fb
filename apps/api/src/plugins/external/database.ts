// The database: injected by tests (and kept open for them) or opened from the environment and closed
// with the server.
import fp from 'fastify-plugin';
import { databaseTargetFromEnv, openDatabase, type Database, type Db } from '../../db/client.ts';
import { ensurePrivateDir, keepNewFilesPrivate } from '../../config/data-dir.ts';
import type { Env } from '../../config/env.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

export default fp<{ env: Env; database?: Database | undefined; migrations?: 'run' | 'require-current' }>(
  async (app, options) => {
    const target = databaseTargetFromEnv(options.env);
    if (!options.database && target.kind === 'pglite') {
      await ensurePrivateDir(options.env.DATA_DIR);
      keepNewFilesPrivate();
    }
    const database =
      options.database ??
      (await openDatabase(target, {
        migrations: options.migrations ?? 'run',
        onConnectionLost: (error) =>
          app.log.warn({ err: error }, 'a database connection was lost; the next query opens a new one'),
      }));
    // PGlite unpacks its initial files with the modes of its archive, whatever the umask.
    if (!options.database && target.kind === 'pglite') await ensurePrivateDir(options.env.DATA_DIR);
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (!options.database) app.addHook('onClose', () => database.close());
    app.log.info({ database: database.kind }, 'database ready');
  },
  { name: 'database' },
);
