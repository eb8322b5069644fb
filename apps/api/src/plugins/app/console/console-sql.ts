// What the console's reads share: raw statements answered the same way by both drivers, timestamps as
// either driver gives them, and search text made literal inside a LIKE pattern.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/** Both drivers (node-postgres, PGlite) answer a raw statement with its rows in `rows`. */
export async function rowsOf<Row>(db: Db, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

/** A timestamp as text (node-postgres through drizzle) or as a Date (PGlite), as ISO 8601. */
export function isoOf(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function isoOrNull(value: string | Date | null): string | null {
  return value === null ? null : isoOf(value);
}

/** `text` matched literally by LIKE/ILIKE (backslash is the default escape character). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
