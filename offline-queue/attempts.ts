import type { AnswerValue, OnlineSession } from '../contract/online.ts';
import type { AttemptRecord, ZalikOfflineDb } from './db.ts';

/** What this device remembers of a session it started: enough to open it again. */
export interface AttemptKey {
  api_token: string;
  slug: string;
  role: 'student' | 'tutor';
}

/**
 * Records what the server said about a running attempt. A first look stores it whole; a later one
 * (a resume with a connection) refreshes the session and the clock but keeps the answers given on
 * this device, which are newer than the server's or still on their way to it.
 */
export async function saveServerAttempt(
  db: ZalikOfflineDb,
  stored: AttemptKey,
  session: OnlineSession,
  wallNow: number,
): Promise<AttemptRecord> {
  return db.transaction('rw', db.attempts, db.answers, db.clocks, async () => {
    const known = await db.attempts.get(session.uuid);
    const fromServer: Record<string, AnswerValue> = {};
    for (const given of session.answers) fromServer[given.question_id] = given.value;
    const record: AttemptRecord = {
      uuid: session.uuid,
      api_token: stored.api_token,
      slug: stored.slug,
      role: stored.role,
      session,
      blocks: known?.blocks ?? null,
      blocksLocale: known?.blocksLocale ?? null,
      answers: { ...fromServer, ...known?.answers },
      currentBlock: known?.currentBlock ?? null,
      offsetMs: session.server_now - wallNow,
      lastServerNow: Math.max(session.server_now, known?.lastServerNow ?? 0),
      phase: known?.phase ?? 'running',
      finishReason: known?.finishReason ?? null,
    };
    await db.attempts.put(record);
    await db.clocks.put({ uuid: record.uuid, offsetMs: record.offsetMs, lastServerNow: record.lastServerNow });
    return withLocalAnswers(db, record);
  });
}

async function withLocalAnswers(db: ZalikOfflineDb, record: AttemptRecord): Promise<AttemptRecord> {
  const local = await db.answers.where('session').equals(record.uuid).toArray();
  const answers = { ...record.answers };
  for (const given of local) answers[given.question_id] = given.value;
  const clock = await db.clocks.get(record.uuid);
  return { ...record, answers, ...(clock && { offsetMs: clock.offsetMs, lastServerNow: clock.lastServerNow }) };
}

/** The attempt as this device last left it, its answers included. */
export async function loadAttempt(db: ZalikOfflineDb, uuid: string): Promise<AttemptRecord | null> {
  return db.transaction('r', db.attempts, db.answers, db.clocks, async () => {
    const record = await db.attempts.get(uuid);
    return record ? withLocalAnswers(db, record) : null;
  });
}

/** The server no longer knows the attempt: nothing of it can be sent any more. */
export async function dropAttempt(db: ZalikOfflineDb, uuid: string): Promise<void> {
  await db.transaction('rw', db.attempts, db.outbox, db.answers, db.clocks, async () => {
    await db.attempts.delete(uuid);
    await db.clocks.delete(uuid);
    await db.outbox.where('session').equals(uuid).delete();
    await db.answers.where('session').equals(uuid).delete();
  });
}
