// Migration 0006 (design §9, a token's history across rotations): tokens rotated before it keep their
// history. Each listed token's earlier client IDs, walked back through the rotations' `created` events,
// join its lineage, and a secret still in its grace period shares its replacement's lineage.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../helpers/test-database.ts';

const folder = path.resolve(import.meta.dirname, '../../drizzle');
const sqlOf = (tag: string) =>
  readFileSync(path.join(folder, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => statement.trim() !== '');

describe.runIf(testDatabaseKind === 'pglite')('migration 0006_rotation_lineage', () => {
  it('gives the tokens rotated before it their earlier client IDs', async () => {
    const db = new PGlite();
    const tags = [
      '0000_init',
      '0001_tokens_and_upgrades',
      '0002_credential_events_and_verifier_keys',
      '0003_outbox_delivery',
      '0004_usage_and_audit',
      '0005_teams_rotation_reminders',
    ];
    for (const tag of tags) for (const statement of sqlOf(tag)) await db.exec(statement);
    const [company] = (
      await db.query<{ id: string }>(`insert into companies (name) values ('C') returning id`)
    ).rows;
    const companyId = company?.id ?? '';
    const token = (clientId: string, replacedBy?: string) =>
      db.query(
        `insert into api_clients (client_id, company_id, label, api_type, scope, status, secret_hash,
           secret_start, retires_at, replaced_by)
         values ($1, $2, 'L', 'rest', '{}', 'active', $3, 's', $4, $5)`,
        [
          clientId,
          companyId,
          `hash ${clientId}`,
          replacedBy ? new Date(Date.now() + 3_600_000) : null,
          replacedBy ?? null,
        ],
      );
    const created = (clientId: string, rotatedFrom?: string) =>
      db.query(
        `insert into credential_events (client_id, company_id, kind, effect, actor_kind, detail, at)
         values ($1, $2, 'created', 'none', 'system', $3, now())`,
        [clientId, companyId, JSON.stringify(rotatedFrom ? { rotatedFrom } : {})],
      );
    // a → b (gone) → c (retiring) → d (listed); e never rotated.
    for (const [clientId, from] of [['a'], ['b', 'a'], ['c', 'b'], ['d', 'c'], ['e']] as const)
      await created(clientId, from);
    await token('c', 'd');
    await token('d');
    await token('e');

    for (const statement of sqlOf('0006_rotation_lineage')) await db.exec(statement);

    const lineage = async (table: string) =>
      Object.fromEntries(
        (
          await db.query<{ client_id: string; lineage_id: string }>(
            `select client_id, lineage_id from ${table}`,
          )
        ).rows.map((row) => [row.client_id, row.lineage_id]),
      );
    const tokens = await lineage('api_clients');
    const replaced = await lineage('replaced_client_ids');
    expect(tokens.c).toBe(tokens.d);
    expect(tokens.e).not.toBe(tokens.d);
    expect(replaced).toEqual({ a: tokens.d, b: tokens.d, c: tokens.d });
    await db.close();
  });
});
