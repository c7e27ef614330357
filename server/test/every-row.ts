/**
 * Every row of every table the database holds, as text, read from the database's own list of its
 * tables (not from a list kept by hand, so a table added later is searched too). For tests that a
 * person's deletion leaves no row naming them.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';

export async function everyRow(database: DatabaseHandle): Promise<{ table: string; row: string }[]> {
  const names =
    database.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(database.db);
  const rows: { table: string; row: string }[] = [];
  for (const { name } of names.rows) {
    const all = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(database.db);
    for (const row of all.rows)
      rows.push({
        table: name,
        row: JSON.stringify(row, (_key, value) =>
          // Bytes (image chunks) searched as text too: a name could only hide there as text.
          value && typeof value === 'object' && value.type === 'Buffer'
            ? Buffer.from(value.data).toString('latin1')
            : value,
        ),
      });
  }
  return rows;
}

/** The rows (table and text) that hold any of `needles`, case-insensitive. */
export async function rowsNaming(database: DatabaseHandle, needles: string[]) {
  const lower = needles.map((n) => n.toLowerCase());
  return (await everyRow(database)).filter(({ row }) => lower.some((n) => row.toLowerCase().includes(n)));
}
