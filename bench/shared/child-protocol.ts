// The child's side of child-server.ts, imported by every server under test: it announces its port over
// the IPC channel it was spawned with (the system chose it: PORT=0), answers the bench's questions
// there — `cpu-usage` always, plus the bench's own — and stops on SIGTERM or SIGINT. Imports nothing
// of the bench's, so a child loads no clean-up or settings of the parent.
import type { Server } from 'node:net';

export const CPU_USAGE = 'cpu-usage';

/** A bench's own questions: each answer is a message holding the key the bench asks for. */
type Answers = Record<string, () => Record<string, unknown>>;

export function announceListening(server: Server, answers: Answers = {}): void {
  if (!process.send) throw new Error("start this server through its bench's servers.ts (needs IPC)");
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  process.send({ listening: address.port });
  // CPU time per answer barely moves with the rest of the machine's load, unlike requests per second.
  const all = new Map(Object.entries({ [CPU_USAGE]: () => ({ cpuUsage: process.cpuUsage() }), ...answers }));
  process.on('message', (message) => {
    const answer = typeof message === 'string' ? all.get(message) : undefined;
    if (answer) process.send?.(answer());
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
