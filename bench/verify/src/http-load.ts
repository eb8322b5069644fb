// HTTP load with autocannon from this process: a warm-up whose figures are thrown away, then the
// measured run. Each request's body is the next of `bodies`, so a run can cycle through many distinct
// secrets (autocannon rebuilds a request per call when it has a setupRequest). The measured run's
// answers are counted by code (answer-codes.ts): a verify answers 200 whatever its verdict.
import autocannon from 'autocannon';
import type { ChildServer } from '@datafeeds/bench-shared/child-server';
import { figuresOf } from '@datafeeds/bench-shared/load-figures';
import { answerTally, type VerifyLoadFigures } from './answer-codes.ts';
import { settings } from './settings.ts';

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
  bodies: readonly string[];
}

function run(target: LoadTarget, seconds: number, onAnswer?: (status: number, body: string) => void) {
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
        ...(onAnswer ? { onResponse: (status: number, body: string) => onAnswer(status, body) } : {}),
      },
    ],
  });
}

/** `onMeasureStart` runs between the warm-up and the measured run (to read counters, say). */
export async function measureLoad(
  target: LoadTarget,
  server: Pick<ChildServer, 'cpuMicros'>,
  onMeasureStart?: () => Promise<void>,
): Promise<VerifyLoadFigures> {
  await run(target, settings.warmupSeconds);
  await onMeasureStart?.();
  const cpuBefore = await server.cpuMicros();
  // Counted for every server, baselines too, so the load generator does the same work for each.
  const tally = answerTally();
  const result = await run(target, settings.seconds, tally.count);
  return { ...figuresOf(result, (await server.cpuMicros()) - cpuBefore), codes: tally.codes() };
}
