// The admin connection the API tests create and drop their PostgreSQL databases on
// (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test).
import pg from 'pg';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One statement on the admin connection (CREATE DATABASE cannot run inside a transaction). */
export async function adminQuery(statement: string): Promise<void> {
  await withAdmin((client) => client.query(statement));
}

/** The URL of a database on the admin connection's server. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin(async (client) => {
    // pool.end() resolves before its sockets have closed; FORCE on a connection still closing makes
    // the server kill it, which surfaces as an unhandled 57P01 error. Wait for them to go first.
    for (let waited = 0; waited < 5_000; waited += 50) {
      const { rows } = await client.query<{ open: number }>(
        'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0]?.open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/**
 * Terminates every connection to the database at `url` but this one (what a failover or an
 * administrator's pg_terminate_backend does to the portal); answers how many it ended.
 */
export async function terminateConnections(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}
