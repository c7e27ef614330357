/**
 * The one write on the answer path. Kysely builds it once (right for SQLite and PostgreSQL alike),
 * and answers that arrive together are committed together: one commit for many answers, each one
 * acknowledged only after the commit that holds it.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { AnswersTable, Database } from '../../db/schema.ts';
import { type AnswerEvents, NO_ANSWER_EVENTS } from './answer-events.ts';
import { CommitBatches } from './commit-batches.ts';
import { inLockOrder } from './lock-order.ts';

type Field = keyof AnswersTable;
const FIELDS: Field[] = ['session_uuid', 'id', 'question_id', 'value', 'answered_at', 'received_at', 'late_ms'];
/** Stand-ins that cannot be real values, so their places among the parameters can be found. */
const placeholder = (field: Field) => `\u0000${field}\u0000`;

interface Pending {
  row: AnswersTable;
  /** An assigned session's answer: its session is stamped changed in the same commit. */
  stamp: boolean;
  resolve: (stored: boolean) => void;
  reject: (error: unknown) => void;
}

export class AnswerGroupCommit {
  private readonly sql: string;
  private readonly bind: (Field | { constant: unknown })[];
  private readonly stamp: ReturnType<typeof stampStatement>;
  /** PostgreSQL: a whole batch in one statement (BATCH_INSERT, BATCH_STAMP). */
  private readonly many: boolean;
  private readonly batches = new CommitBatches<Pending>((batch) => this.write(batch));
  /** Batches that failed as a whole and were written one by one (a deadlock would be one). */
  split = 0;

  /**
   * `rowLocks`: PostgreSQL, where a finish may run beside this insert (see OnlineSessions.close), and
   * where a batch is one statement.
   */
  constructor(
    private readonly db: Kysely<Database>,
    rowLocks: boolean,
    private readonly events: AnswerEvents = NO_ANSWER_EVENTS,
  ) {
    const compiled = db
      .insertInto('answers')
      .columns(FIELDS)
      .expression((eb) =>
        eb
          .selectFrom('online_sessions')
          .select(FIELDS.map((f) => eb.val(placeholder(f)).as(f)))
          // Checking the status inside the insert means a finish in between can never be missed.
          .where('uuid', '=', placeholder('session_uuid'))
          .where('status', '=', 'running')
          // The foreign key takes this lock anyway, but only after the status was read; taken here,
          // a finish holding the row makes the insert wait and then read the status it committed.
          .$if(rowLocks, (query) => query.forKeyShare()),
      )
      .onConflict((oc) => oc.columns(['session_uuid', 'id']).doNothing())
      .compile();
    this.sql = compiled.sql;
    this.bind = compiled.parameters.map((p) => FIELDS.find((f) => placeholder(f) === p) ?? { constant: p });
    this.stamp = stampStatement(db);
    this.many = rowLocks;
  }

  /** Answers waiting for their commit. */
  get pending(): number {
    return this.batches.pending;
  }

  /**
   * Inserts the answer if its session is running; false when the id is known or the session closed.
   * `stamp` (an assignment's session): the commit also stamps the session's `changed_at` with the
   * answer's arrival, so the tutor's monitor finds it among the changed sessions once the answer
   * is acknowledged, by one statement per commit rather than an index of every answer.
   */
  insert(row: AnswersTable, stamp = false): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.batches.push({ row, stamp, resolve, reject });
    });
  }

  private query(row: AnswersTable) {
    return CompiledQuery.raw(
      this.sql,
      this.bind.map((b) => (typeof b === 'string' ? row[b] : b.constant)),
    );
  }

  private async write(batch: Pending[]): Promise<void> {
    this.events.batch(batch.length);
    if (batch.length === 1) return this.one(batch[0] as Pending);
    // Sessions are locked in the one lock order (lock-order.ts); the sort is stable, so one
    // session's answers keep their order.
    batch.sort((a, b) => inLockOrder(a.row.session_uuid, b.row.session_uuid));
    try {
      const results = await this.db.transaction().execute(async (trx) => {
        const out = this.many ? await this.insertMany(trx, batch) : await this.insertEach(trx, batch);
        await this.stampSessions(
          trx,
          batch.filter((p, i) => p.stamp && out[i]),
        );
        return out;
      });
      for (const [i, p] of batch.entries()) p.resolve(results[i] === true);
    } catch {
      this.split += 1;
      // One bad row must not fail its neighbours: write them one by one instead.
      await Promise.all(batch.map((p) => this.one(p)));
    }
  }

  private async insertEach(trx: Transaction<Database>, batch: Pending[]): Promise<boolean[]> {
    const out: boolean[] = [];
    for (const p of batch) out.push(Number((await trx.executeQuery(this.query(p.row))).numAffectedRows ?? 0) === 1);
    return out;
  }

  /**
   * One round trip and one plan for the whole batch, whatever its size: PostgreSQL's cost per
   * statement, not per row, is what a class's answers paid for. The same answer twice in one batch
   * (a device sending again before its acknowledgement) is stored once, by its first copy.
   */
  private async insertMany(trx: Transaction<Database>, batch: Pending[]): Promise<boolean[]> {
    const first = new Map<string, number>();
    for (const [i, { row }] of batch.entries()) {
      const key = `${row.session_uuid}/${row.id}`;
      if (!first.has(key)) first.set(key, i);
    }
    const rows = [...first.values()].map((i) => (batch[i] as Pending).row);
    const result = await trx.executeQuery<{ session_uuid: string; id: string }>(
      CompiledQuery.raw(
        BATCH_INSERT,
        FIELDS.map((f) => rows.map((row) => row[f])),
      ),
    );
    const stored = new Set(result.rows.map((r) => first.get(`${r.session_uuid}/${r.id}`)));
    return batch.map((_, i) => stored.has(i));
  }

  private async one(p: Pending): Promise<void> {
    try {
      if (!p.stamp) {
        const result = await this.db.executeQuery(this.query(p.row));
        p.resolve(Number(result.numAffectedRows ?? 0) === 1);
        return;
      }
      const stored = await this.db.transaction().execute(async (trx) => {
        const inserted = Number((await trx.executeQuery(this.query(p.row))).numAffectedRows ?? 0) === 1;
        if (inserted) await this.stampSessions(trx, [p]);
        return inserted;
      });
      p.resolve(stored);
    } catch (error) {
      p.reject(error);
    }
  }

  /**
   * Each session's stamp and latest answer are its latest answer's arrival in this commit, and its
   * distinct questions answered are counted again from its own answers, a few dozen rows by the
   * primary key: the monitor then reads sessions alone, not the class's answers.
   */
  private async stampSessions(trx: Transaction<Database>, stored: Pending[]): Promise<void> {
    const latest = new Map<string, number>();
    for (const { row } of stored)
      latest.set(row.session_uuid, Math.max(latest.get(row.session_uuid) ?? 0, row.received_at));
    if (latest.size === 0) return;
    // In one order everywhere, so that two processes' commits never wait on each other's rows.
    const sessions = [...latest].sort(([a], [b]) => inLockOrder(a, b));
    if (this.many) {
      await trx.executeQuery(
        CompiledQuery.raw(BATCH_STAMP, [sessions.map(([uuid]) => uuid), sessions.map(([, at]) => at)]),
      );
      return;
    }
    for (const [uuid, at] of sessions) {
      await trx.executeQuery(
        CompiledQuery.raw(
          this.stamp.sql,
          this.stamp.bind.map((b) => (b === 'uuid' ? uuid : b === 'at' ? at : b.constant)),
        ),
      );
    }
  }
}

/**
 * A batch's answers as one array per column. Only running sessions take answers, and their rows are
 * share-locked first, in the one lock order: a finish holding a row makes this wait and then read
 * the status the finish committed, so no answer lands in a closed session.
 */
const BATCH_INSERT = `with running as materialized (
  select uuid from online_sessions where uuid = any($1::text[]) and status = 'running' order by uuid for key share
)
insert into answers (${FIELDS.join(', ')})
select a.* from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[])
  as a(${FIELDS.join(', ')})
where a.session_uuid in (select uuid from running)
on conflict (session_uuid, id) do nothing
returning session_uuid, id`;

/**
 * PostgreSQL: every session of a batch stamped by one statement, the same rule as stampStatement's.
 * Their rows are locked first, in the one lock order, since an update alone locks in the order
 * its plan happens to visit them.
 */
const BATCH_STAMP = `with stamped as materialized (
  select uuid from online_sessions where uuid = any($1::text[]) order by uuid for no key update
)
update online_sessions set
  changed_at = case when changed_at is null or changed_at < s.at then s.at else changed_at end,
  last_answer_at = case when last_answer_at is null or last_answer_at < s.at then s.at else last_answer_at end,
  answered_questions = (
    select count(distinct answers.question_id) from answers where answers.session_uuid = online_sessions.uuid
  )
from unnest($1::text[], $2::bigint[]) as s(uuid, at)
where online_sessions.uuid = s.uuid and online_sessions.uuid in (select uuid from stamped)`;

/** The statement that stamps one session in an answers' commit, built once like the insert. */
function stampStatement(db: Kysely<Database>) {
  const uuid = '\u0000uuid\u0000';
  const at = '\u0000at\u0000';
  const compiled = db
    .updateTable('online_sessions')
    .set((eb) => {
      // Never back: a heartbeat, or another process's commit, may have written a later time meanwhile.
      const atLeast = (column: 'changed_at' | 'last_answer_at') =>
        eb
          .case()
          .when(eb.or([eb(column, 'is', null), eb(column, '<', at as unknown as number)]))
          .then(at as unknown as number)
          .else(eb.ref(column))
          .end();
      return {
        changed_at: atLeast('changed_at'),
        last_answer_at: atLeast('last_answer_at'),
        answered_questions: eb
          .selectFrom('answers')
          .select((q) => q.fn.count<number>('question_id').distinct().as('n'))
          .where('answers.session_uuid', '=', uuid),
      };
    })
    .where('uuid', '=', uuid)
    .compile();
  return {
    sql: compiled.sql,
    bind: compiled.parameters.map((p) => (p === uuid ? 'uuid' : p === at ? 'at' : { constant: p })) as (
      | 'uuid'
      | 'at'
      | { constant: unknown }
    )[],
  };
}
