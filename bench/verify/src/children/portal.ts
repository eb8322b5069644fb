// A portal instance for the benchmark: the real buildApp on the environment apps/api/src/main.ts reads,
// listening as main.ts does (PORT, and the data feed's listener on FEED_PORT), plus one route that
// reports the verification cache's counters, so the cache-miss run can show that every call was a
// query. BENCH_CACHE=tiny keeps one entry (and one known-missing secret) in the cache. The data feed's
// port is told over IPC (FEED_PORT_QUESTION).
import { buildApp } from '../../../../apps/api/src/app.ts';
import { loadEnv } from '../../../../apps/api/src/config/env.ts';
import { listenAll } from '../../../../apps/api/src/data-plane.ts';
import { announceListening, closeOnSignal } from '@datafeeds/bench-shared/child-protocol';
import { FEED_PORT_QUESTION, STATS_PATH, type VerificationStats } from './child-protocol.ts';

const env = loadEnv();
const app = await buildApp({
  env,
  serveWebApp: false,
  ...(process.env.BENCH_CACHE === 'tiny'
    ? { verificationCache: { maxEntries: 1, maxMissingEntries: 1 } }
    : {}),
});
app.get(STATS_PATH, async (): Promise<VerificationStats> => ({ ...app.verification.stats }));
closeOnSignal(() => app.close());
await listenAll(app, env);
const feedAddress = app.dataPlane?.server.address();
announceListening(app.server, {
  [FEED_PORT_QUESTION]: () => ({
    feedPort: typeof feedAddress === 'object' && feedAddress !== null ? feedAddress.port : null,
  }),
});
