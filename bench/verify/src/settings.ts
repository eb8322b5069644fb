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
  connections: whole('BENCH_CONNECTIONS', 50),
  /** Turns each of the portal and its baseline gets in the HTTP comparisons (ABBA order). */
  rounds: whole('BENCH_ROUNDS', 2),
  /** Distinct real secrets cycled by the cache-miss run. */
  missSecrets: whole('BENCH_SECRETS', 2_000),
  /** Secrets kept warm for the warm-cache runs (HTTP and in-process). */
  warmSecrets: 300,
  /** Seconds of the in-process verify loop. */
  loopSeconds: positive('BENCH_LOOP_SECONDS', 5),
  rotations: whole('BENCH_ROTATIONS', 50),
  /** A database server where this run may create and drop a database of its own. */
  adminDatabaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  /** A directory: every portal child writes a V8 CPU profile there (node --cpu-prof). */
  cpuProfileDir: process.env.BENCH_CPU_PROF_DIR,
};
