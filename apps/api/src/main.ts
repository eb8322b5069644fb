// Starts the server on HOST:PORT (the data feed's listener on FEED_PORT too, when set) and shuts it
// down gracefully on SIGINT/SIGTERM.
import { buildApp } from './app.ts';
import { listenAll } from './data-plane.ts';
import { operatorSocketPath } from './config/operator-socket-path.ts';
import { EnvError, loadEnv } from './config/env.ts';
import { shutDownGracefullyOn } from './server/graceful-shutdown.ts';
import { logDestination } from './server/log-destination.ts';

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
  const app = await buildApp({
    env,
    logStream: logDestination(),
    ...(socket ? { operatorSocket: socket } : {}),
  });
  shutDownGracefullyOn(['SIGTERM', 'SIGINT'], app, {
    timeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    exit: (code) => process.exit(code),
  });
  await listenAll(app, env);
  app.log.info({ appUrl: env.APP_URL, mailer: app.mailer.mode }, 'DataFeeds Portal ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
