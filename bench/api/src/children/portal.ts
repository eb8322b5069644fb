// A portal instance for the benchmark: the real buildApp on the environment apps/api/src/main.ts reads
// (PostgreSQL, Redis, NODE_ENV=production, request logs at info level to stdout, which the benchmark
// sends to a file), announcing its port over IPC.
import { buildApp } from '../../../../apps/api/src/app.ts';
import { loadEnv } from '../../../../apps/api/src/config/env.ts';
import { closeOnSignal } from '@datafeeds/bench-shared/child-protocol';
import { announceWithLoopDelay } from './child-protocol.ts';

const env = loadEnv();
const app = await buildApp({ env, serveWebApp: false });
closeOnSignal(() => app.close());
await app.listen({ host: env.HOST, port: env.PORT });
announceWithLoopDelay(app.server);
