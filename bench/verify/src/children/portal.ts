// A portal instance for the benchmark: the real buildApp on the environment apps/api/src/main.ts reads, plus
// one route that reports the verification cache's counters, so the cache-miss run can show that every
// call was a query. BENCH_CACHE=tiny keeps one entry (and one known-missing secret) in the cache.
import { buildApp } from '../../../../apps/api/src/app.ts';
import { loadEnv } from '../../../../apps/api/src/config/env.ts';
import { announceListening, closeOnSignal } from '@datafeeds/bench-shared/child-protocol';
import { STATS_PATH, type VerificationStats } from './child-protocol.ts';

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
await app.listen({ host: env.HOST, port: env.PORT });
announceListening(app.server);
