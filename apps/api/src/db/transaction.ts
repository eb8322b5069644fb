// Transactions that can run work after they commit. A change other instances must hear about (a
// revoked credential) is announced only once it is durable: announced earlier, another instance could
// drop its cache, read the old row again and keep it.
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

type AfterCommit = () => void;

const afterCommitQueues = new WeakMap<object, AfterCommit[]>();
const isTransaction = (executor: Db) => executor instanceof PgTransaction;

/** `db.transaction`, plus the `afterCommit` work registered inside it, run once it has committed. */
export async function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const queue: AfterCommit[] = [];
  const result = await db.transaction(async (tx) => {
    afterCommitQueues.set(tx, queue);
    return work(tx);
  });
  for (const run of queue) run();
  return result;
}

/**
 * Runs `run` once `executor`'s transaction commits; inside no transaction, at once. A transaction not
 * opened by `transaction()` is refused: its commit could not be seen, so the work would run too early.
 */
export function afterCommit(executor: Db, run: AfterCommit): void {
  const queue = afterCommitQueues.get(executor);
  if (queue) queue.push(run);
  else if (isTransaction(executor)) {
    throw new Error('afterCommit needs a transaction opened with transaction() from db/transaction.ts');
  } else run();
}
