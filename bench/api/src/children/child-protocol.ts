// bench:api's own question to a server child, beside the port and CPU time every child reports
// (@datafeeds/bench-shared/child-protocol): `loop-delay`, how late its event loop ran since the last ask.
import type { Server } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { announceListening } from '@datafeeds/bench-shared/child-protocol';

export const LOOP_DELAY = 'loop-delay';

/** How late the child's event loop ran timers since the last ask, in milliseconds. */
export interface LoopDelay {
  p99Ms: number;
  maxMs: number;
}

export function announceWithLoopDelay(server: Server): void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  announceListening(server, {
    [LOOP_DELAY]: () => {
      const loopDelay: LoopDelay = { p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 };
      delay.reset();
      return { loopDelay };
    },
  });
}
