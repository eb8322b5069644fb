// The server's log on a file descriptor (stdout), written so that the log can never hold the process
// (design §6 "Shutdown"). Pino's own stdout destination writes what it still
// holds synchronously when the process exits and retries a failed write there forever: with the reader of
// stdout gone (EPIPE), a stopped server spun in that loop and never exited. Here lines are queued and
// written asynchronously; a reader that stops reading fills a bounded queue (later lines are dropped until
// it drains), a reader that goes away ends the log, and `flush` waits only for what can be written.
import { write } from 'node:fs';
import type { DestinationStream } from 'pino';

/** Enough for minutes of request logs while a slow reader catches up; beyond it, lines are dropped. */
const MAX_QUEUED_LOG_BYTES = 16 * 1024 * 1024;
/** How long to wait before writing again to a full pipe (the fd may be non-blocking). */
const FULL_PIPE_RETRY_MS = 50;

export interface LogDestination extends DestinationStream {
  /** Calls back once every queued line is written, or at once if the log can no longer be written. */
  flush(done: () => void): void;
}

export function logDestination(fd = 1, maxQueuedBytes = MAX_QUEUED_LOG_BYTES): LogDestination {
  let queue: string[] = [];
  let queuedBytes = 0;
  let pending: Buffer | undefined;
  let broken = false;
  let flushed: (() => void)[] = [];

  const settle = () => {
    const callbacks = flushed;
    flushed = [];
    for (const done of callbacks) done();
  };

  const writeNext = () => {
    if (!pending) {
      if (queue.length === 0) return settle();
      pending = Buffer.from(queue.join(''));
      queue = [];
      queuedBytes = 0;
    }
    const chunk = pending;
    write(fd, chunk, (error, written) => {
      if (error?.code === 'EAGAIN') {
        setTimeout(writeNext, FULL_PIPE_RETRY_MS).unref();
        return;
      }
      if (error) {
        // The reader is gone (EPIPE) or the descriptor is: nothing more can be logged.
        broken = true;
        pending = undefined;
        queue = [];
        queuedBytes = 0;
        return settle();
      }
      pending = written < chunk.length ? chunk.subarray(written) : undefined;
      writeNext();
    });
  };

  return {
    write(line: string) {
      if (broken) return;
      if (queuedBytes + line.length > maxQueuedBytes) return;
      const idle = !pending && queue.length === 0;
      queue.push(line);
      queuedBytes += line.length;
      if (idle) writeNext();
    },
    flush(done) {
      if (broken || (!pending && queue.length === 0)) done();
      else flushed.push(done);
    },
  };
}
