// The benchmark's knobs, read once from the environment (README.md lists them with their defaults).
import { resolve } from 'node:path';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const whole = (name: string, fallback: number) => {
  const value = positive(name, fallback);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number`);
  return value;
};

export const repoRoot = resolve(import.meta.dirname, '../../..');

export const settings = {
  /** Measured seconds of each HTTP load run, after its warm-up. */
  seconds: positive('BENCH_SECONDS', 10),
  warmupSeconds: positive('BENCH_WARMUP_SECONDS', 3),
  /** autocannon connections of the throughput runs (the portal's pool and the bare server's have 10). */
  connections: whole('BENCH_CONNECTIONS', 50),
  /** Turns each of the portal and its baseline gets per throughput figure (ABBA order). */
  rounds: whole('BENCH_ROUNDS', 2),
  /** Tokens of the company GetClients lists. */
  tokens: whole('BENCH_TOKENS', 100),
  /** GetClients requests per second (over 10 connections) while its latency is measured. */
  latencyRate: whole('BENCH_LATENCY_RATE', 100),
  /** Accounts that sign in, again and again, during the login flood. */
  floodAccounts: whole('BENCH_FLOOD_ACCOUNTS', 20),
  /** Sign-ins in flight at once during the flood (autocannon connections). */
  floodConnections: whole('BENCH_FLOOD_CONNECTIONS', 32),
  /** Client addresses cycled in X-Forwarded-For, as a load balancer in front of the portal adds them. */
  addresses: Math.min(whole('BENCH_ADDRESSES', 4_096), 65_535),
  /** A database server where this run may create and drop a database of its own. */
  adminDatabaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  /** The portal's log level: info, as deployed (every request logged); `warn` shows what logging costs. */
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
  /** A directory: every server child writes a V8 CPU profile there (node --cpu-prof). */
  cpuProfileDir: process.env.BENCH_CPU_PROF_DIR,
  /** Only these figures (comma-separated: user, clients, flood); all by default. */
  only: new Set((process.env.BENCH_ONLY ?? 'user,clients,flood').split(',').map((name) => name.trim())),
};
