// What a server child and the benchmark agree on: the child announces its port over the IPC channel it
// was spawned with, answers `cpu-usage` there with its CPU time so far, stops on SIGTERM or SIGINT, and
// a portal child reports its cache counters at STATS_PATH.

export const CPU_USAGE = 'cpu-usage';

export const STATS_PATH = '/__bench/verification-stats';

export interface VerificationStats {
  hits: number;
  misses: number;
  queries: number;
}

export function announceListening(port: number): void {
  if (!process.send) throw new Error('start this server through bench/verify/src/servers.ts (needs IPC)');
  process.send({ listening: port });
  // CPU time per answer barely moves with the rest of the machine's load, unlike requests per second.
  process.on('message', (message) => {
    if (message === CPU_USAGE) process.send?.({ cpuUsage: process.cpuUsage() });
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
