// HTTP load with autocannon from this process: a warm-up whose figures are thrown away, then the
// measured run. Each request's body is the next of `bodies`, so a run can cycle through many distinct
// secrets (autocannon rebuilds a request per call when it has a setupRequest).
import autocannon from 'autocannon';
import type { ChildServer } from '@datafeeds/bench-shared/child-server';
import { figuresOf, type LoadFigures } from '@datafeeds/bench-shared/load-figures';
import { settings } from './settings.ts';

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
  bodies: readonly string[];
}

function run(target: LoadTarget, seconds: number) {
  let next = 0;
  return autocannon({
    url: target.url,
    connections: settings.connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...target.headers },
        setupRequest: (request) => {
          request.body = target.bodies[next % target.bodies.length] ?? '';
          next += 1;
          return request;
        },
      },
    ],
  });
}

/** `onMeasureStart` runs between the warm-up and the measured run (to read counters, say). */
export async function measureLoad(
  target: LoadTarget,
  server: Pick<ChildServer, 'cpuMicros'>,
  onMeasureStart?: () => Promise<void>,
): Promise<LoadFigures> {
  await run(target, settings.warmupSeconds);
  await onMeasureStart?.();
  const cpuBefore = await server.cpuMicros();
  const result = await run(target, settings.seconds);
  return figuresOf(result, (await server.cpuMicros()) - cpuBefore);
}
