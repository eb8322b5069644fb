// Migration 0003 on a database that already holds outbox rows: before it only the outbox mode (no
// SMTP_URL) wrote rows, so they become development-mailbox mail, purged like any other once expired.
// It runs on a PGlite of its own, once: the SQL is the same one PostgreSQL runs.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import * as schema from '../../../../src/db/schema.ts';
import { testDatabaseKind } from '../../../helpers/test-database.ts';

const migrations = path.resolve(import.meta.dirname, '../../../../drizzle');

/** A copy of the migration set that stops before `tag`. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'datafeeds-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe.runIf(testDatabaseKind === 'pglite')('the outbox delivery migration', () => {
  it('keeps existing rows as development-mailbox mail, and leaves no default on the status', async () => {
    const before = migrationsBefore('0003_outbox_delivery');
    const client = new PGlite();
    try {
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder: before });
      await client.query(
        `INSERT INTO outbox_emails ("to", subject, text, html, links) VALUES ('old@example.com', 'Old', 'body', '<p>body</p>', '["http://x/verify-email?token=t"]')`,
      );
      await migrate(db, { migrationsFolder: migrations });

      const [row] = await db.select().from(schema.outboxEmails);
      expect(row).toMatchObject({
        to: 'old@example.com',
        status: 'mailbox',
        attempts: 0,
        text: 'body',
        nextAttemptAt: null,
        leasedUntil: null,
      });
      const { rows } = await client.query<{ column_default: string | null }>(
        `SELECT column_default FROM information_schema.columns WHERE table_name = 'outbox_emails' AND column_name = 'status'`,
      );
      expect(rows).toEqual([{ column_default: null }]);
    } finally {
      await client.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
