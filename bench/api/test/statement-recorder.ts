// What a server sends to PostgreSQL while answering requests: every statement `pg` is asked to run in
// the async context of its listen (AsyncLocalStorage: each connection it accepts, and so each request
// it answers, inherits that context; timers and sweeps the portal started before are left out), with
// its prepared-statement name, text and parameters. Both the portal (drizzle over a pg Pool) and the
// bare baseline go through pg.Client's query. Fastify's inject would not do: its requests lose the
// caller's context before any hook runs.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

export interface Statement {
  /** The prepared statement's name; null when sent unnamed. */
  name: string | null;
  text: string;
  values: unknown[];
}

const recording = new AsyncLocalStorage<Statement[]>();
const query: (...args: unknown[]) => unknown = pg.Client.prototype.query;
let installed = false;

function install() {
  if (installed) return;
  installed = true;
  pg.Client.prototype.query = function recordedQuery(this: pg.Client, ...args: unknown[]) {
    const into = recording.getStore();
    const [config, values] = args;
    if (into) {
      const statement =
        typeof config === 'string'
          ? { text: config }
          : (config as { name?: string; text: string; values?: unknown[] });
      into.push({
        name: 'name' in statement ? (statement.name ?? null) : null,
        text: statement.text,
        values: Array.isArray(values)
          ? values
          : (('values' in statement ? statement.values : undefined) ?? []),
      });
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/**
 * Runs `start` (a server's listen) so that everything it later does — each request it answers — records
 * into `into`.
 */
export function recordInto<T>(into: Statement[], start: () => T): T {
  install();
  return recording.run(into, start);
}
