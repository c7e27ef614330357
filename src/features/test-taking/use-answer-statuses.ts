import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import type { AnswerValue } from '../../../contract/online.ts';
import type { AttemptRecord, OutboxEntry } from '../../../offline-queue/db.ts';
import { apiLanguage } from '../../shared/api/language.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { errorText } from '../../shared/ui/error-text.ts';
import type { AnswerEntry, AnswerMap } from './answer-state.ts';
import type { OfflineRuntime } from './offline/runtime.ts';
import { remainingMs, type ServerClock } from './server-clock.ts';
import type { Phase } from './use-finish-flow.ts';

/**
 * The taker's answers and where each one is: being stored on this device, stored and waiting to be
 * sent, sent (saved), refused by the server, or not storable at all. A click is written first and
 * shown at once; the network is never on its path.
 */
export function useAnswerStatuses(
  runtime: OfflineRuntime,
  record: AttemptRecord,
  clock: ServerClock,
  phaseRef: { readonly current: Phase },
  entries: OutboxEntry[] | null,
): { answers: AnswerMap; answer(questionId: string, value: AnswerValue): void } {
  const { t, i18n } = useLingui();
  const { uuid, session } = record;
  const [values, setValues] = useState<Record<string, AnswerValue>>(() => ({ ...record.answers }));
  const [writing, setWriting] = useState<ReadonlyMap<string, number>>(new Map());
  const [unstored, setUnstored] = useState<ReadonlySet<string>>(new Set());

  const answer = useCallback(
    (questionId: string, value: AnswerValue) => {
      // At the deadline answers stop, even before the countdown's next tick notices it.
      if (phaseRef.current !== 'running' || remainingMs(clock, session.deadline) <= 0) return;
      // The write starts first: the render below must not delay it.
      const stored = runtime.answers.write(uuid, questionId, value, clock.now(), apiLanguage());
      setValues((current) => ({ ...current, [questionId]: value }));
      setWriting((current) => new Map(current).set(questionId, (current.get(questionId) ?? 0) + 1));
      const done = () =>
        setWriting((current) => {
          const next = new Map(current);
          const left = (next.get(questionId) ?? 1) - 1;
          if (left > 0) next.set(questionId, left);
          else next.delete(questionId);
          return next;
        });
      stored.then(
        () => {
          done();
          setUnstored((current) => {
            if (!current.has(questionId)) return current;
            const next = new Set(current);
            next.delete(questionId);
            return next;
          });
          runtime.queued(uuid);
        },
        (error: unknown) => {
          done();
          console.error('An answer could not be stored', error);
          setUnstored((current) => new Set(current).add(questionId));
          const why = errorText(i18n, error);
          notify(t`Your answer could not be stored on this device. ${why}`, {
            kind: 'error',
            id: `answer-${questionId}`,
          });
        },
      );
    },
    [clock, i18n, phaseRef, runtime, session.deadline, t, uuid],
  );

  const answers: AnswerMap = useMemo(() => {
    const queued = new Set<string>();
    const refused = new Set<string>();
    for (const entry of entries ?? []) {
      if (entry.kind !== 'answer') continue;
      (entry.state === 'queued' ? queued : refused).add(entry.question_id);
    }
    const map: Record<string, AnswerEntry> = {};
    for (const [questionId, value] of Object.entries(values)) {
      const status: AnswerEntry['status'] = unstored.has(questionId)
        ? 'failed'
        : writing.has(questionId) || entries === null
          ? 'saving'
          : refused.has(questionId)
            ? 'refused'
            : queued.has(questionId)
              ? 'queued'
              : 'saved';
      map[questionId] = { value, status };
    }
    return map;
  }, [entries, unstored, values, writing]);

  return { answers, answer };
}
