// What a server child and the benchmark agree on: the child announces its port over the IPC channel it
// was spawned with, answers `cpu-usage` there with its CPU time so far and `loop-delay` with how late its
// event loop ran since the last ask, and stops on SIGTERM or SIGINT.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const CPU_USAGE = 'cpu-usage';
export const LOOP_DELAY = 'loop-delay';

/** How late the child's event loop ran timers since the last ask, in milliseconds. */
export interface LoopDelay {
  p99Ms: number;
  maxMs: number;
}

export function announceListening(port: number): void {
  if (!process.send) throw new Error('start this server through bench/api/src/servers.ts (needs IPC)');
  process.send({ listening: port });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // CPU time per answer barely moves with the rest of the machine's load, unlike requests per second.
  process.on('message', (message) => {
    if (message === CPU_USAGE) process.send?.({ cpuUsage: process.cpuUsage() });
    if (message === LOOP_DELAY) {
      const loopDelay: LoopDelay = { p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 };
      delay.reset();
      process.send?.({ loopDelay });
    }
  });
}

export function closeOnSignal(close: () => Promise<unknown>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}
