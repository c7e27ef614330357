/**
 * Every row of every table the database holds, as text, read from the database's own list of its
 * tables (not from a list kept by hand, so a table added later is searched too). For tests that a
 * person's deletion leaves no row naming them.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';

/** The names of the database's tables, from its own catalogue. */
export async function tableNames(database: DatabaseHandle): Promise<string[]> {
  const names =
    database.dialect === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(database.db);
  return names.rows.map((r) => r.name).sort();
}

/** Each table's column names, from the database's own catalogue. */
export async function tableColumns(database: DatabaseHandle): Promise<Map<string, string[]>> {
  const columns = new Map<string, string[]>();
  for (const table of await tableNames(database)) {
    const rows =
      database.dialect === 'postgres'
        ? await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = ${table}`.execute(database.db)
        : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(database.db);
    columns.set(
      table,
      rows.rows.map((r) => r.name),
    );
  }
  return columns;
}

export async function everyRow(database: DatabaseHandle): Promise<{ table: string; row: string }[]> {
  const rows: { table: string; row: string }[] = [];
  for (const name of await tableNames(database)) {
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
