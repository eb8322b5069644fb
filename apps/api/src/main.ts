// Starts the server on HOST:PORT and closes it (and the database) on SIGINT/SIGTERM.
import { buildApp } from './app.ts';
import { operatorSocketPath } from './config/operator-socket-path.ts';
import { EnvError, loadEnv } from './config/env.ts';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const socket = operatorSocketPath(env);
  const app = await buildApp({ env, ...(socket ? { operatorSocket: socket } : {}) });
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info({ appUrl: env.APP_URL, mailer: app.mailer.mode }, 'DataFeeds Portal ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
