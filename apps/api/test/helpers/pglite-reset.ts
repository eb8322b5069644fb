// Puts a worker's PGlite database back to the migrated snapshot between test files, far cheaper than
// loading the snapshot into a new PGlite (design §7).
import type { PGlite } from '@electric-sql/pglite';

/** What the migrations left: the rows they seeded and where every sequence stood. */
export interface PristineState {
  tables: string[];
  seeded: { table: string; columns: string[]; rows: string }[];
  sequences: { name: string; value: string | null; start: string }[];
}

/** Reads the migrated database's state, to be restored by `resetToPristine` before each later file. */
export async function readPristineState(client: PGlite): Promise<PristineState> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name
       FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  const seeded: PristineState['seeded'] = [];
  for (const { name } of tables) {
    const { rows } = await client.query<{ rows: string | null }>(
      `SELECT json_agg(t)::text AS rows FROM ${name} t`,
    );
    const json = rows[0]?.rows;
    if (!json) continue;
    // Stored generated columns are computed again on insert and cannot be given.
    const { rows: columns } = await client.query<{ name: string }>(
      `SELECT quote_ident(column_name) AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND quote_ident(table_schema) || '.' || quote_ident(table_name) = $1
          AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      [name],
    );
    seeded.push({ table: name, columns: columns.map((column) => column.name), rows: json });
  }
  const { rows: sequences } = await client.query<{ name: string; value: string | null; start: string }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name,
            last_value::text AS value, start_value::text AS start
       FROM pg_sequences WHERE schemaname = 'public'`,
  );
  return { tables: tables.map((table) => table.name), seeded, sequences };
}

/**
 * Empties every table, puts back the migrations' rows and sets every sequence where the migrations left
 * it. DISCARD ALL first ends what a file may have left in the one session (settings, prepared
 * statements, temporary tables, advisory locks, LISTEN). It fails inside a transaction a file left
 * open: the caller then loads the snapshot into a new PGlite instead.
 */
export async function resetToPristine(client: PGlite, pristine: PristineState): Promise<void> {
  await client.exec('DISCARD ALL');
  const statements = [`TRUNCATE ${pristine.tables.join(', ')} RESTART IDENTITY CASCADE;`];
  for (const { table, columns, rows } of pristine.seeded) {
    const list = columns.join(', ');
    statements.push(
      `INSERT INTO ${table} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(null::${table}, ${literal(rows)});`,
    );
  }
  for (const { name, value, start } of pristine.sequences) {
    statements.push(
      value === null
        ? `SELECT setval('${name}', ${start}, false);`
        : `SELECT setval('${name}', ${value}, true);`,
    );
  }
  await client.exec(`BEGIN; ${statements.join('\n')} COMMIT;`);
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
