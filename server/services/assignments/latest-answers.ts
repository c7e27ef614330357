/**
 * Each session's answer that counts per question, from rows in the order answers are scored in
 * (answered, then received, then id): the last one wins, as `OnlineSessions.latestAnswers` decides.
 */
export function latestPerQuestion<T extends { session_uuid: string; question_id: string }>(
  rows: readonly T[],
): Map<string, Map<string, T>> {
  const latest = new Map<string, Map<string, T>>();
  for (const row of rows) {
    const own = latest.get(row.session_uuid) ?? new Map<string, T>();
    own.set(row.question_id, row);
    latest.set(row.session_uuid, own);
  }
  return latest;
}
