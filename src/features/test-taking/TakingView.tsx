import { Select, useLingui } from '@lingui/react/macro';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { AnswerValue } from '../../../contract/index.ts';
import { useHoldCompactHeader } from '../../app/compact-header.ts';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { apiLanguage } from '../../shared/api/language.ts';
import { notify, preloadNotifications } from '../../shared/notifications/notify.ts';
import { registerUpdateGuard } from '../../shared/pwa/update-guard.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { errorText } from '../../shared/ui/error-text.ts';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { type AnswerEntry, type AnswerMap, countAnswered } from './answer-state.ts';
import { BlockNav, type BlockTab } from './BlockNav.tsx';
import { BlockView } from './BlockView.tsx';
import { blockIdFromHash, writeBlockHash } from './block-hash.ts';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { Countdown } from './Countdown.tsx';
import { FinishDialog } from './FinishDialog.tsx';
import { FinishNotice } from './FinishNotice.tsx';
import { rememberFinishingRole } from './finished-role.ts';
import type { AttemptRecord } from './outbox/db.ts';
import { queueFinish } from './outbox/outbox.ts';
import { offlineRuntime } from './outbox/runtime.ts';
import { useOnline, useSessionOutbox } from './outbox/use-outbox.ts';
import { createServerClock, measuredOffset, offlineServerNow, remainingMs } from './server-clock.ts';
import { fetchSession } from './taking-api.ts';
import { useCountdown } from './use-countdown.ts';
import type { FreshClock } from './use-stored-attempt.ts';
import { useTestBlocks } from './use-test-blocks.ts';
import './offline.css';
import { resultsPathAfterFinish } from './results-path.ts';

/**
 * - running: answers are taken;
 * - confirming: the finish dialog is open;
 * - queueing: the finish is being stored in the outbox;
 * - finished / timedout: the finish is queued (sent or about to be): the matching notice is open;
 * - stuck: the time is out but the finish could not even be stored; the taker can try again.
 */
type Phase = 'running' | 'confirming' | 'queueing' | 'finished' | 'timedout' | 'stuck';

/** How often the clock's offset and the latest server time are written down for a resume. */
const CLOCK_SAVE_MS = 2_000;

export interface TakingViewProps {
  record: AttemptRecord;
  /** The server's time as just received; null when resumed from this device alone. */
  fresh: FreshClock | null;
}

/**
 * A running test: the countdown, the blocks and their questions, and the way out. Memoized: the
 * lesson page above it renders again when its preview arrives, which changes nothing here.
 */
export const TakingView = memo(function TakingView({ record, fresh }: TakingViewProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const [runtime] = useState(offlineRuntime);
  const { uuid, session } = record;
  useHoldCompactHeader();
  // The answer writer's worker starts once the test is on screen and the page is idle: ready for the
  // first click, without competing with the first render (a click before that starts it at once).
  useEffect(() => {
    if (record.phase !== 'running') return;
    const start = () => void runtime.answers;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(start, { timeout: 2_000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(start, 500);
    return () => clearTimeout(timer);
  }, [runtime, record.phase]);
  // The notices of a running test must be at hand even if the connection drops later.
  useEffect(preloadNotifications, []);

  // Fresh from the server: anchor on its time. Resumed alone: the stored offset, floored (server-clock.ts).
  const [clock] = useState(() =>
    fresh
      ? createServerClock(fresh.serverNow, fresh.receivedAt)
      : createServerClock(offlineServerNow(record, Date.now())),
  );
  const [values, setValues] = useState<Record<string, AnswerValue>>(() => ({ ...record.answers }));
  const [writing, setWriting] = useState<ReadonlyMap<string, number>>(new Map());
  const [unstored, setUnstored] = useState<ReadonlySet<string>>(new Set());
  const initialPhase: Phase =
    record.phase === 'running' ? 'running' : record.finishReason === 'timeout' ? 'timedout' : 'finished';
  const [phase, setPhaseState] = useState<Phase>(initialPhase);
  // Callbacks from timers and requests must see the phase of now, not of their render.
  const phaseRef = useRef<Phase>(initialPhase);
  const setPhase = useCallback((next: Phase) => {
    phaseRef.current = next;
    setPhaseState(next);
  }, []);

  const entries = useSessionOutbox(uuid);
  const online = useOnline();

  // Every server answer the outbox gets corrects the clock.
  useEffect(
    () =>
      runtime.onServerTime((from, serverNow, sentAt) => {
        if (from === uuid) clock.sync(serverNow, sentAt);
      }),
    [clock, runtime, uuid],
  );

  // Written down often, so a reload or a crash resumes on the server's time (server-clock.ts).
  useEffect(() => {
    const save = () => {
      runtime.db.clocks
        .put({ uuid, offsetMs: measuredOffset(clock, Date.now()), lastServerNow: clock.now() })
        .catch((error: unknown) => console.error('The clock could not be stored', error));
    };
    save();
    const timer = setInterval(save, CLOCK_SAVE_MS);
    window.addEventListener('pagehide', save);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', save);
    };
  }, [clock, runtime, uuid]);

  // Resumed from this device: ask the server for its time when it can be reached.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per view; the record's credentials never change.
  useEffect(() => {
    if (fresh) return;
    let live = true;
    const sentAt = clock.stamp();
    fetchSession({ uuid, apiToken: record.api_token }).then(
      (state) => {
        if (!live) return;
        clock.sync(state.server_now, sentAt);
        // Closed by the server meanwhile (another device, or the offline grace ran out).
        if (state.status === 'finished' && phaseRef.current === 'running') {
          navigate(resultsPathAfterFinish(uuid, record.api_token), { replace: true });
        }
      },
      () => {
        // Offline: the stored clock stands until the outbox's next server answer.
      },
    );
    return () => {
      live = false;
    };
  }, []);

  // No app update reloads this page while the test runs (the outbox keeps its own guard).
  useEffect(() => registerUpdateGuard(() => phaseRef.current !== 'finished' && phaseRef.current !== 'timedout'), []);

  const finish = useCallback(
    async (reason: 'manual' | 'timeout') => {
      const now = phaseRef.current;
      if (now !== 'running' && now !== 'confirming' && now !== 'stuck') return;
      setPhase('queueing');
      try {
        // After every answer already stored: the outbox sends in order, the finish last.
        await runtime.answers.settled();
        await queueFinish(runtime.db, uuid, reason, clock.now(), apiLanguage());
      } catch (error) {
        // Spec: the error is logged and, on a manual finish, no notice opens.
        console.error('The finish could not be queued', error);
        const why = errorText(i18n, error);
        notify(t`The test could not be finished. ${why}`, { kind: 'error', id: 'finish-failed' });
        setPhase(reason === 'manual' && remainingMs(clock, session.deadline) > 0 ? 'running' : 'stuck');
        return;
      }
      runtime.queued(uuid);
      setPhase(reason === 'manual' ? 'finished' : 'timedout');
    },
    [clock, i18n, runtime, session.deadline, setPhase, t, uuid],
  );

  const msLeft = useCountdown(clock, session.deadline, () => {
    if (phaseRef.current === 'finished' || phaseRef.current === 'timedout') return;
    void finish('timeout');
  });

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
    [clock, i18n, runtime, session.deadline, t, uuid],
  );

  const waiting = entries?.filter((entry) => entry.state === 'queued').length ?? 0;
  const refusedAnswers = entries?.filter((entry) => entry.kind === 'answer' && entry.state === 'refused') ?? [];
  const finishRefusal = entries?.find((entry) => entry.kind === 'finish' && entry.state === 'refused')?.refusal ?? null;
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

  const blocks = useTestBlocks(record);
  const blockIds = useMemo(() => session.blocks.map((block) => block.id), [session.blocks]);
  const [currentId, setCurrentId] = useState(
    () =>
      blockIdFromHash(window.location.hash, blockIds) ??
      (record.currentBlock && blockIds.includes(record.currentBlock) ? record.currentBlock : blockIds[0]),
  );
  const [moved, setMoved] = useState(false);
  const currentIndex = Math.max(0, blockIds.indexOf(currentId ?? ''));

  const select = (id: string) => {
    setCurrentId(id);
    setMoved(true);
    writeBlockHash(id);
    runtime.db.attempts
      .update(uuid, { currentBlock: id })
      .catch((error: unknown) => console.error('The current block could not be stored', error));
  };

  const seeResults = () => {
    rememberFinishingRole(record.role);
    navigate(resultsPathAfterFinish(uuid, record.api_token), { replace: true });
  };

  const tabs: BlockTab[] = session.blocks.map((summary) => {
    const loaded = blocks.data?.find((block) => block.id === summary.id);
    const ids = loaded?.questions.map((question) => question.id) ?? [];
    return {
      id: summary.id,
      title: loaded?.title ?? summary.title,
      answered: countAnswered(answers, ids),
      total: summary.question_count,
    };
  });
  const total = session.blocks.reduce((sum, block) => sum + block.question_count, 0);
  const answered = countAnswered(answers);
  const answeredText = formatNumber(locale, answered);
  const totalText = formatNumber(locale, total);
  const current = blocks.data?.[currentIndex];
  const firstNumber = 1 + session.blocks.slice(0, currentIndex).reduce((sum, block) => sum + block.question_count, 0);
  const previous = blockIds[currentIndex - 1];
  const next = blockIds[currentIndex + 1];
  const closed = phase !== 'running' && phase !== 'confirming';
  const refusedCount = refusedAnswers.length;
  const refusedForm = pluralForm(locale, refusedCount);
  const refusedText = formatNumber(locale, refusedCount);

  return (
    <section className="taking" aria-labelledby="taking-title">
      <div className="taking__bar">
        <div className="taking__heading">
          <h1 id="taking-title" className="taking__title">
            {session.lesson.title}
          </h1>
          <p className="taking__progress">{t`${answeredText} of ${totalText} answered`}</p>
          <ConnectionIndicator online={online} waiting={waiting} />
        </div>
        <Countdown msLeft={msLeft} />
      </div>

      {refusedCount > 0 && (
        <div className="notice notice--error" role="alert">
          <p>
            <Select
              value={refusedForm}
              _one={`${refusedText} answer was not accepted by the server.`}
              other={`${refusedText} answers were not accepted by the server.`}
            />{' '}
            {refusedAnswers[0]?.refusal}
          </p>
        </div>
      )}
      {phase === 'stuck' && (
        <div className="notice notice--error" role="alert">
          <p>{t`Time is up, but the test could not be finished on this device.`}</p>
          <button type="button" className="button button--primary" onClick={() => finish('timeout')}>
            {t`Try again`}
          </button>
        </div>
      )}

      <BlockNav blocks={tabs} currentId={currentId ?? ''} onSelect={select} />

      {!blocks.data && blocks.isLoading && <LoadingState label={t`Loading questions…`} />}
      {blocks.error && <ErrorState error={blocks.error} onRetry={() => blocks.mutate()} />}
      {current && (
        <BlockView
          block={current}
          position={currentIndex + 1}
          count={blockIds.length}
          firstNumber={firstNumber}
          answers={answers}
          disabled={closed}
          focusOnShow={moved}
          onAnswer={answer}
        />
      )}

      {/* Under the questions once they are there: drawn earlier, the questions would push it down
          (a layout shift Lighthouse counts against the running test's page). */}
      {(blocks.data || !blocks.isLoading) && (
        <div className="taking__footer">
          <div className="taking__pager">
            {previous !== undefined && (
              <button type="button" className="button button--secondary" onClick={() => select(previous)}>
                {t`Previous block`}
              </button>
            )}
            {next !== undefined && (
              <button type="button" className="button button--secondary" onClick={() => select(next)}>
                {t`Next block`}
              </button>
            )}
          </div>
          <button
            type="button"
            className="button button--primary"
            disabled={closed}
            onClick={() => setPhase('confirming')}
          >
            {t`Finish test`}
          </button>
        </div>
      )}

      <FinishDialog
        open={phase === 'confirming' || phase === 'queueing'}
        answered={answered}
        total={total}
        busy={phase === 'queueing'}
        onConfirm={() => finish('manual')}
        onCancel={() => setPhase('running')}
      />
      {(phase === 'finished' || phase === 'timedout') && (
        <FinishNotice
          reason={phase === 'finished' ? 'manual' : 'timeout'}
          waiting={waiting}
          refusal={finishRefusal}
          refusedCount={refusedCount}
          onConfirm={seeResults}
        />
      )}
    </section>
  );
});
