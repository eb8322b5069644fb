// Ends the server on SIGTERM or SIGINT without dropping work: it stops accepting connections, lets the
// requests in flight finish (answering 503 to new ones on open keep-alive connections), ends the event
// streams, then runs every onClose hook — the mail worker, the expiry sweep, the credential bus, Redis and
// the database pool — flushes the log and exits 0. Two deadlines of `timeoutMs` each bound it (design §6
// "Shutdown"): requests still running at the first have their connections cut (the process then exits 1);
// the closing work — the hooks and the log — gets as long again from the moment the server closed, and if
// it is still running then, the process exits 1 at once, naming what held it. Both deadlines' lines go to
// stderr, synchronously, where they survive a stuck log or a stdout whose reader is gone.
import { writeSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { closeHooksRunning } from './close-hooks.ts';

export interface ShutdownOptions {
  timeoutMs: number;
  exit: (code: number) => void;
}

type Stage = 'requests' | 'closing' | 'log flush';

function stuckWork(stage: Stage, hooks: string[]): string {
  if (stage === 'log flush') return 'the log still being flushed';
  return hooks.length > 0 ? `onClose hooks still running: ${hooks.join(', ')}` : 'the server still closing';
}

/**
 * A deadline's line, as an error line of the log, written straight to stderr, synchronously (design §6
 * "Shutdown"): the log on stdout may be what is stuck, or its reader gone (the log then drops every
 * line), and soon nothing runs but the exit. A failed write (stderr gone too) changes nothing.
 */
function reportDeadline(fields: Record<string, unknown>, msg: string): void {
  const line = JSON.stringify({ level: 50, time: Date.now(), pid: process.pid, ...fields, msg });
  try {
    writeSync(2, `${line}\n`);
  } catch {
    // Nowhere left to say it.
  }
}

function reportStuckShutdown(stage: Stage, hooks: string[], timeoutMs: number): void {
  reportDeadline(
    { stage, hooks, timeoutMs },
    `shutdown deadline passed with ${stuckWork(stage, hooks)}: exiting 1`,
  );
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
    let stage: Stage = 'requests';
    // Not unref'd: these timers are what ends a process that closing work would otherwise hold forever.
    let closingDeadline: NodeJS.Timeout | undefined;
    const startClosingDeadline = () => {
      if (stage === 'requests') stage = 'closing';
      closingDeadline ??= setTimeout(() => {
        reportStuckShutdown(stage, closeHooksRunning(app), options.timeoutMs);
        options.exit(1);
      }, options.timeoutMs);
    };
    app.server.once('close', startClosingDeadline);
    // Node closes the keep-alive connections that are idle when it stops listening; one that finishes
    // its answer later would stay open until its client drops it, and hold the shutdown until the
    // deadline. Closing idle ones as they appear costs nothing while serving (no per-request hook).
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    const requestsDeadline = setTimeout(() => {
      // Past the requests (the server closed), the closing deadline is the one that runs.
      if (stage !== 'requests') return;
      cut = true;
      reportDeadline(
        { timeoutMs: options.timeoutMs },
        'requests still in flight at the shutdown deadline: closing their connections',
      );
      app.server.closeAllConnections();
      startClosingDeadline();
    }, options.timeoutMs);
    try {
      await app.close();
      app.log.info('shut down');
    } catch (error) {
      cut = true;
      app.log.error({ err: error }, 'shutdown failed');
    } finally {
      clearTimeout(requestsDeadline);
      clearInterval(closeIdle);
    }
    startClosingDeadline();
    stage = 'log flush';
    // The log may still hold lines: they go out before the process does, unless the deadline comes first.
    const log = app.log as FastifyInstance['log'] & { flush?: (done: () => void) => void };
    await new Promise<void>((resolve) => (log.flush ? log.flush(() => resolve()) : resolve()));
    clearTimeout(closingDeadline);
    options.exit(cut ? 1 : 0);
  };
  for (const signal of signals) process.on(signal, (received) => void shutDown(received));
}
