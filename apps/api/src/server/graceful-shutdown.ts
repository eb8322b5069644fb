// Ends the server on SIGTERM or SIGINT without dropping work: it stops accepting connections, lets the
// requests in flight finish (answering 503 to new ones on open keep-alive connections), ends the event
// streams, then runs every onClose hook — the mail worker, the expiry sweep, the credential bus, Redis
// and the database pool — flushes the log and exits 0. Requests still running after the timeout have
// their connections cut and the process exits 1, so a stuck request cannot hold a deploy forever.
import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  timeoutMs: number;
  exit: (code: number) => void;
}

export function shutDownGracefullyOn(
  signals: readonly NodeJS.Signals[],
  app: FastifyInstance,
  options: ShutdownOptions,
): void {
  let closing = false;
  const shutDown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, timeoutMs: options.timeoutMs }, 'shutting down: finishing requests in flight');
    let cut = false;
    // Node closes the keep-alive connections that are idle when it stops listening; one that finishes
    // its answer later would stay open until its client drops it, and hold the shutdown until the
    // deadline. Closing idle ones as they appear costs nothing while serving (no per-request hook).
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      cut = true;
      app.log.error(
        { timeoutMs: options.timeoutMs },
        'requests still in flight at the shutdown deadline: closing their connections',
      );
      app.server.closeAllConnections();
    }, options.timeoutMs);
    try {
      await app.close();
      app.log.info('shut down');
    } catch (error) {
      cut = true;
      app.log.error({ err: error }, 'shutdown failed');
    } finally {
      clearTimeout(deadline);
      clearInterval(closeIdle);
    }
    // Pino may still hold lines in its buffer: they go out before the process does.
    const log = app.log as FastifyInstance['log'] & { flush?: (done: () => void) => void };
    if (log.flush) log.flush(() => options.exit(cut ? 1 : 0));
    else options.exit(cut ? 1 : 0);
  };
  for (const signal of signals) process.on(signal, (received) => void shutDown(received));
}
