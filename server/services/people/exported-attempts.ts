/**
 * A person's attempts as their data export holds them (contract/personal-data.ts): each with its
 * answers, hand marks, integrity signals, the exam room's messages written to it and when its
 * device showed them, what its tutor changed of it, and its signed receipt. Each kind of row is read
 * once for all the attempts, not once per attempt; the receipt through the Receipts service's own
 * read (`of`), which knows how and when a receipt is signed and stored.
 */
import type { Kysely } from 'kysely';
import type { Locale } from '../../../contract/locale.ts';
import type { PersonalDataExport } from '../../../contract/personal-data.ts';
import type { Database } from '../../db/schema.ts';
import { isMeantFor } from '../assignments/exam-room.ts';
import { pick } from '../catalog/localize.ts';
import type { Receipts } from '../receipts/receipts.ts';

const parsed = (json: string | null): unknown => (json === null ? null : JSON.parse(json));
const numberOrNull = (value: number | null) => (value === null ? null : Number(value));

/** Rows grouped by the attempt they belong to. */
function byAttempt<R extends { session_uuid: string }>(rows: R[]) {
  const map = new Map<string, Omit<R, 'session_uuid'>[]>();
  for (const { session_uuid, ...row } of rows) map.set(session_uuid, [...(map.get(session_uuid) ?? []), row]);
  return map;
}

export async function exportedAttempts(
  db: Kysely<Database>,
  receipts: Receipts,
  userId: string,
  locale: Locale,
): Promise<PersonalDataExport['attempts']> {
  const sessions = await db
    .selectFrom('online_sessions')
    .innerJoin('lessons', 'lessons.id', 'online_sessions.lesson_id')
    .leftJoin('assignments', 'assignments.id', 'online_sessions.assignment_id')
    .selectAll('online_sessions')
    .select(['lessons.texts', 'assignments.code'])
    .where('online_sessions.user_id', '=', userId)
    .orderBy('online_sessions.started_at')
    .execute();
  const theirs = db.selectFrom('online_sessions').select('uuid').where('user_id', '=', userId);
  const answersOf = byAttempt(
    await db
      .selectFrom('answers')
      .select(['session_uuid', 'question_id', 'value', 'answered_at', 'received_at', 'late_ms'])
      .where('session_uuid', 'in', theirs)
      .orderBy('answered_at')
      .orderBy('id')
      .execute(),
  );
  const marksOf = byAttempt(
    await db
      .selectFrom('hand_marks')
      .select(['session_uuid', 'question_id', 'points', 'comment', 'marked_at'])
      .where('session_uuid', 'in', theirs)
      .execute(),
  );
  const signalsOf = byAttempt(
    await db
      .selectFrom('session_signals')
      .select(['session_uuid', 'kind', 'at', 'duration_ms', 'length', 'question_id'])
      .where('session_uuid', 'in', theirs)
      .orderBy('at')
      .execute(),
  );
  const changesOf = byAttempt(
    await db
      .selectFrom('assignment_changes')
      .select(['session_uuid', 'kind', 'at', 'detail'])
      .where('session_uuid', 'in', theirs)
      .orderBy('at')
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, session_uuid: r.session_uuid as string }))),
  );
  // The messages of their assignments: to one of their attempts alone, or to everyone.
  const messages = await db
    .selectFrom('assignment_messages')
    .select(['id', 'assignment_id', 'session_uuid', 'text', 'created_at'])
    .where((eb) =>
      eb.or([
        eb('session_uuid', 'in', theirs),
        eb.and([
          eb('session_uuid', 'is', null),
          eb(
            'assignment_id',
            'in',
            eb.selectFrom('online_sessions').select('assignment_id').where('user_id', '=', userId),
          ),
        ]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const shown = new Map(
    (
      await db
        .selectFrom('message_reads')
        .select(['message_id', 'session_uuid', 'read_at'])
        .where('session_uuid', 'in', theirs)
        .execute()
    ).map((r) => [`${r.message_id}/${r.session_uuid}`, Number(r.read_at)]),
  );

  const attempts: PersonalDataExport['attempts'] = [];
  for (const s of sessions) {
    const attempt = { uuid: s.uuid, finished_at: numberOrNull(s.finished_at) };
    attempts.push({
      uuid: s.uuid,
      lesson: pick((JSON.parse(s.texts) as { title?: Record<string, string> }).title, locale),
      assignment_code: s.code,
      name: s.display_name,
      status: s.status,
      started_at: Number(s.started_at),
      deadline: Number(s.deadline),
      finished_at: attempt.finished_at,
      finish_reason: s.finish_reason,
      score: numberOrNull(s.score),
      max_score: Number(s.max_score),
      accommodation: parsed(s.accommodation),
      answers: (answersOf.get(s.uuid) ?? []).map((a) => ({
        question_id: a.question_id,
        value: JSON.parse(a.value),
        answered_at: Number(a.answered_at),
        received_at: Number(a.received_at),
        late_ms: numberOrNull(a.late_ms),
      })),
      marks: (marksOf.get(s.uuid) ?? []).map((m) => ({
        ...m,
        points: Number(m.points),
        marked_at: Number(m.marked_at),
      })),
      signals: (signalsOf.get(s.uuid) ?? []).map((g) => ({
        ...g,
        at: Number(g.at),
        duration_ms: numberOrNull(g.duration_ms),
        length: numberOrNull(g.length),
      })),
      messages: messages
        .filter((m) => m.assignment_id === s.assignment_id && isMeantFor(m, attempt))
        .map((m) => ({
          text: m.text,
          at: Number(m.created_at),
          to_all: m.session_uuid === null,
          shown_at: shown.get(`${m.id}/${s.uuid}`) ?? null,
        })),
      changes: (changesOf.get(s.uuid) ?? []).map((c) => ({ kind: c.kind, at: Number(c.at), detail: parsed(c.detail) })),
      receipt: await receipts.of(s),
    });
  }
  return attempts;
}
