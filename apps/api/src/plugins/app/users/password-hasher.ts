// argon2id with the OWASP parameters written out, so a library default change never weakens them.
// Each hash takes tens of milliseconds of a core and 19 MiB; they run on libuv's thread pool (four threads),
// so unbounded, a burst of sign-ins would take every core — and the pool threads the rest of the server
// needs — away from everything else.
// Hashes therefore run at most `concurrency` at a time (all cores but one by default), the rest wait in
// line, and when the line is full a sign-in is refused at once with 503 and Retry-After instead of
// waiting for seconds.
import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { ERROR_CODES } from '@datafeeds/domain';
import { AppError } from '../../../lib/errors.ts';

const ARGON2ID = 2 as Algorithm; // Algorithm is a const enum, which isolated modules cannot read.

export interface Argon2Parameters {
  algorithm: Algorithm;
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const ARGON2_OPTIONS: Argon2Parameters = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * Argon2id at almost no cost (a hash costs next to nothing), for the API tests,
 * which hash and verify thousands of passwords. buildApp refuses it unless NODE_ENV is `test`
 * (app.ts), and nothing in the server's configuration can ask for it.
 */
export const TEST_ONLY_ARGON2_OPTIONS: Argon2Parameters = {
  algorithm: ARGON2ID,
  memoryCost: 64,
  timeCost: 1,
  parallelism: 1,
};

const encodedPrefix = ({ memoryCost, timeCost, parallelism }: Argon2Parameters) =>
  `$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Always spends one verification, even without a stored hash, so timing does not tell them apart. */
  verify(storedHash: string | null | undefined, password: string): Promise<boolean>;
  /** Imported hashes with other parameters are upgraded after a successful login. */
  needsRehash(storedHash: string): boolean;
}

export interface HashingLimits {
  /** Hashes computed at once. */
  concurrency: number;
  /** Hashes that may wait for one of those; the next is refused (503) until the line shortens. */
  maxQueued: number;
}

/** All cores but one hash (at least one), so one is always left for the answers everyone else waits for. */
export function defaultHashingLimits(cores = availableParallelism()): HashingLimits {
  const concurrency = Math.max(1, cores - 1);
  return { concurrency, maxQueued: 64 * concurrency };
}

export function isArgon2Hash(value: string): boolean {
  return /^\$argon2(id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.test(value);
}

/** Too many hashes waiting: try again in about the time the line takes to clear. */
function hashingOverloaded(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    503,
    ERROR_CODES.unavailable,
    `Too many sign-ins at this moment. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** Runs tasks at most `concurrency` at a time, first come first served, with a bounded line. */
export function createHashingQueue(limits: HashingLimits) {
  let running = 0;
  const waiting: (() => void)[] = [];
  // How long a hash takes here, smoothed, to tell a refused caller when to come back.
  let averageMs = 50;

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limits.concurrency) {
        running += 1;
      } else {
        if (waiting.length >= limits.maxQueued) {
          throw hashingOverloaded(((waiting.length + 1) * averageMs) / limits.concurrency / 1000);
        }
        // The slot of a finishing task is handed over as it is, so `running` stays as it was.
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      const started = performance.now();
      try {
        return await task();
      } finally {
        averageMs = 0.9 * averageMs + 0.1 * (performance.now() - started);
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get stats() {
      return { running, waiting: waiting.length };
    },
  };
}

export function createPasswordHasher(
  limits: HashingLimits = defaultHashingLimits(),
  parameters: Argon2Parameters = ARGON2_OPTIONS,
): PasswordHasher {
  const queue = createHashingQueue(limits);
  const currentParameters = encodedPrefix(parameters);
  // Made up front, so even the first unknown-account login costs one verification, not a hash too.
  const dummyHash = hash('dummy password for unknown accounts', parameters);

  return {
    hash: (password) => queue.run(() => hash(password, parameters)),
    async verify(storedHash, password) {
      if (!storedHash) {
        // In the line at once, like any other sign-in: a full line refuses it the same way (503).
        return queue.run(async () => {
          await verify(await dummyHash, password).catch(() => false);
          return false;
        });
      }
      // Only argon2's own refusals (a malformed hash) read as a wrong password; a full line is a 503.
      return queue.run(() => verify(storedHash, password).catch(() => false));
    },
    needsRehash: (storedHash) => !storedHash.startsWith(currentParameters),
  };
}
