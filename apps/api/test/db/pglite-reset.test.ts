// The PGlite test workers keep one database and put it back to the migrated snapshot between files
// (helpers/pglite-reset.ts): a file must find exactly what a fresh copy of the snapshot holds.
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { readPristineState, resetToPristine } from '../helpers/pglite-reset.ts';
import { testDatabaseKind } from '../helpers/test-database.ts';

describe.runIf(testDatabaseKind === 'pglite')('a PGlite database reset between test files', () => {
  const opened: PGlite[] = [];
  afterAll(() => Promise.all(opened.map((client) => client.close())));

  async function fromSnapshot(): Promise<PGlite> {
    const bytes = await readFile(inject('pgliteSnapshot'));
    const client = new PGlite({ loadDataDir: new Blob([bytes]) });
    opened.push(client);
    return client;
  }

  /** Everything a file could observe: every table's rows, every sequence's next value, a setting. */
  async function observe(client: PGlite) {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    );
    const rows: Record<string, unknown> = {};
    for (const { name } of tables) {
      rows[name] = (await client.query(`SELECT * FROM "${name}" ORDER BY 1`)).rows;
    }
    const sequences = (
      await client.query(
        `SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
      )
    ).rows;
    const timeZone = (await client.query(`SHOW TIME ZONE`)).rows;
    return { rows, sequences, timeZone };
  }

  it('leaves the seeded rows, the sequences and the session as the snapshot has them', async () => {
    const fresh = await observe(await fromSnapshot());
    expect(fresh.rows.plans).toHaveLength(2);

    const client = await fromSnapshot();
    const pristine = await readPristineState(client);
    await client.exec(`
      SET TIME ZONE 'Asia/Tokyo';
      INSERT INTO companies (name) VALUES ('Left behind');
      INSERT INTO outbox_emails ("to", subject, text, html, links, status)
        VALUES ('a@example.com', 'S', 'T', 'H', '[]', 'mailbox'), ('b@example.com', 'S', 'T', 'H', '[]', 'mailbox');
      UPDATE plans SET daily_quota = 1 WHERE name = 'trial';
      DELETE FROM plans WHERE name = 'standard';
      INSERT INTO plans (name, daily_quota, rate_per_second) VALUES ('gold', NULL, NULL);
    `);
    expect((await observe(client)).sequences).not.toEqual(fresh.sequences);

    await resetToPristine(client, pristine);
    expect(await observe(client)).toEqual(fresh);
    // The identity starts where a fresh copy's does.
    const { rows } = await client.query<{ seq: number }>(
      `INSERT INTO outbox_emails ("to", subject, text, html, links, status)
       VALUES ('c@example.com', 'S', 'T', 'H', '[]', 'mailbox') RETURNING seq`,
    );
    expect(rows[0]?.seq).toBe(1);
  });

  it('refuses while a transaction is open, so that the worker loads the snapshot again', async () => {
    const client = await fromSnapshot();
    const pristine = await readPristineState(client);
    await client.exec(`BEGIN; INSERT INTO companies (name) VALUES ('Open');`);
    await expect(resetToPristine(client, pristine)).rejects.toThrow(
      /DISCARD ALL cannot run inside a transaction/,
    );
  });
});
