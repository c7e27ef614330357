/**
 * The one write of a start. Starts that arrive together are committed together, each answered
 * only after the commit that holds it: a class pressing Start in the same second is a few commits
 * rather than one per taker (each commit writes the table's and its indexes' pages again; on
 * PostgreSQL each is also a flush to disk). Built once by Kysely, like the answer writer's insert.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { CommitBatches } from './commit-batches.ts';

type Column = keyof OnlineSessionsTable;
/** Every column, each once: the record's type makes a missing one a compile error. */
const COLUMN_SET: Record<Column, true> = {
  uuid: true,
  lesson_id: true,
  lesson_version_id: true,
  token_hash: true,
  role: true,
  locale: true,
  status: true,
  started_at: true,
  deadline: true,
  finished_at: true,
  finish_reason: true,
  score: true,
  max_score: true,
  user_id: true,
  preview: true,
  assignment_id: true,
  display_name: true,
  shuffle_questions: true,
  shuffle_options: true,
  last_contact_at: true,
  unsent_answers: true,
  changed_at: true,
  answered_questions: true,
  last_answer_at: true,
  drawn: true,
  collect_signals: true,
  signal_count: true,
  accommodation: true,
  counts_from: true,
  base_ms: true,
  read_aloud: true,
  awaiting_marks: true,
};
const COLUMNS = Object.keys(COLUMN_SET) as Column[];
const placeholder = (column: Column) => `\u0000${column}\u0000`;
/** PostgreSQL: a batch's rows as one JSON array, typed by the table's own row type. */
const INSERT_JSON_ROWS = `insert into online_sessions (${COLUMNS.join(', ')}) select ${COLUMNS.join(', ')} from json_populate_recordset(null::online_sessions, $1::json)`;

interface Pending {
  row: OnlineSessionsTable;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class SessionWriter {
  private readonly sql: string;
  private readonly bind: Column[];
  private readonly batches = new CommitBatches<Pending>((batch) => this.write(batch));

  /** PostgreSQL: a whole batch in one statement, the rows typed by the table itself. */
  private readonly many: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    postgres = false,
  ) {
    this.many = postgres;
    const compiled = db
      .insertInto('online_sessions')
      .values(Object.fromEntries(COLUMNS.map((c) => [c, placeholder(c)])) as unknown as OnlineSessionsTable)
      .compile();
    this.sql = compiled.sql;
    this.bind = compiled.parameters.map((p) => {
      const column = COLUMNS.find((c) => placeholder(c) === p);
      if (!column) throw new Error(`the session insert has a parameter of its own: ${String(p)}`);
      return column;
    });
  }

  insert(row: OnlineSessionsTable): Promise<void> {
    return new Promise((resolve, reject) => {
      this.batches.push({ row, resolve, reject });
    });
  }

  private query(row: OnlineSessionsTable) {
    return CompiledQuery.raw(
      this.sql,
      this.bind.map((column) => row[column]),
    );
  }

  private async write(batch: Pending[]): Promise<void> {
    if (batch.length === 1) return this.one(batch[0] as Pending);
    try {
      if (this.many) await this.db.executeQuery(this.insertMany(batch));
      else
        await this.db.transaction().execute(async (trx) => {
          for (const p of batch) await trx.executeQuery(this.query(p.row));
        });
      for (const p of batch) p.resolve();
    } catch {
      // One bad row must not fail its neighbours: write them one by one instead.
      await Promise.all(batch.map((p) => this.one(p)));
    }
  }

  /**
   * One round trip and one plan for the batch, whatever its size, so PostgreSQL pays per commit
   * rather than per taker; the statement's text never changes, so it is prepared once. The rows go
   * as one JSON array of objects, each column by its name.
   */
  private insertMany(batch: Pending[]) {
    const rows = batch.map(({ row }) => Object.fromEntries(COLUMNS.map((c) => [c, row[c]])));
    return CompiledQuery.raw(INSERT_JSON_ROWS, [JSON.stringify(rows)]);
  }

  private async one(p: Pending): Promise<void> {
    try {
      await this.db.executeQuery(this.query(p.row));
      p.resolve();
    } catch (error) {
      p.reject(error);
    }
  }
}
