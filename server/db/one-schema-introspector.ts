/**
 * What PostgreSQL holds, as Kysely's Migrator asks before every migration, read from the one
 * schema this server works in (DATABASE_SCHEMA, else the connection's current schema).
 *
 * Kysely's own introspector reads every schema in the database and resolves each table by name as
 * it goes (has_schema_privilege, pg_get_serial_sequence): a schema dropped meanwhile by someone
 * else (another server's on the same database, a test file's) fails that read with `schema "…"
 * does not exist`, and so fails this server's start. Found by CI: one server-suite run in three
 * failed a test file's setup so. Reading one schema, by oid, resolves nothing another can drop.
 * It also keeps the Migrator from taking another schema's `kysely_migration` for this one's.
 */
import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from 'kysely/migration';

interface ColumnRow {
  table: string;
  kind: string;
  schema: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto: boolean;
  comment: string | null;
}

const INTERNAL = new Set<string>([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

export class OneSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  readonly #schema: string | null;

  constructor(db: Kysely<unknown>, schema: string | null) {
    this.#db = db;
    this.#schema = schema;
  }

  /** Names only: listing them resolves nothing. */
  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.#db);
    return rows.map((row) => ({ name: row.name }));
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    // Tables, views, partitioned and foreign tables of the one schema, each column by the table's
    // oid; an identity column or one defaulting to a sequence counts as auto-incrementing.
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", c.relkind as kind, ns.nspname as "schema", a.attname as "column",
        typ.typname as "type", tns.nspname as type_schema, a.attnotnull as not_null,
        a.atthasdef as has_default, col_description(c.oid, a.attnum) as "comment",
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as auto
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where ns.nspname = coalesce(${this.#schema}::text, current_schema())
        and c.relkind in ('r', 'v', 'p', 'f')
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && INTERNAL.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.kind === 'v',
          isForeign: row.kind === 'f',
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto,
        ...(row.comment === null ? {} : { comment: row.comment }),
      });
    }
    return [...tables.values()];
  }
}

/** Kysely's PostgreSQL dialect, its introspection kept to one schema (above). */
export class OneSchemaPostgresDialect extends PostgresDialect {
  readonly #schema: string | null;

  constructor(config: PostgresDialectConfig, schema: string | null) {
    super(config);
    this.#schema = schema;
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OneSchemaIntrospector(db, this.#schema);
  }
}
