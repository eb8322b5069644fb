// Knobs read once from the environment, failing at start rather than halfway through a run. The ones
// both HTTP benches have mean the same in each, under the same names and defaults (each README lists
// them); a bench adds its own with `positive` and `whole`.
import { resolve } from 'node:path';

export const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

export const whole = (name: string, fallback: number) => {
  const value = positive(name, fallback);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number`);
  return value;
};

export const repoRoot = resolve(import.meta.dirname, '../..');

export const commonSettings = {
  /** Measured seconds of each HTTP load run, after its warm-up. */
  seconds: positive('BENCH_SECONDS', 10),
  warmupSeconds: positive('BENCH_WARMUP_SECONDS', 3),
  /** autocannon connections of the throughput runs (the portal's pool and the bare servers' have 10). */
  connections: whole('BENCH_CONNECTIONS', 50),
  /** Turns each of the portal and its baseline gets per throughput figure (ABBA order). */
  rounds: whole('BENCH_ROUNDS', 2),
  /** A database server where this run may create and drop a database of its own. */
  adminDatabaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  /** A directory: every server child writes a V8 CPU profile there (node --cpu-prof). */
  cpuProfileDir: process.env.BENCH_CPU_PROF_DIR,
};
