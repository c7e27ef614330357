import { Select, useLingui } from '@lingui/react/macro';
import { memo, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { shownLanguage } from '../../../contract/localized.ts';
import type { AttemptRecord } from '../../../offline-queue/db.ts';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { isLocale } from '../../i18n/locales.ts';
import { preloadNotifications } from '../../shared/notifications/notify.ts';
import { useHoldCompactHeader } from '../../shared/ui/compact-header.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { AttemptScope } from '../question-types/attempt-scope.ts';
import { countAnswered } from './answer-state.ts';
import { BlockNav, type BlockTab } from './BlockNav.tsx';
import { BlockView } from './BlockView.tsx';
import { blockIdFromHash, writeBlockHash } from './block-hash.ts';
import { ConnectionIndicator } from './ConnectionIndicator.tsx';
import { Countdown } from './Countdown.tsx';
import { DisplayMenu } from './display/DisplayMenu.tsx';
import { useDisplaySettings } from './display/display-settings.ts';
import { ExamRoomNotices } from './exam-room/ExamRoomNotices.tsx';
import { useExamRoom } from './exam-room/use-exam-room.ts';
import { FinishDialog } from './FinishDialog.tsx';
import { FinishNotice } from './FinishNotice.tsx';
import { rememberFinishingRole } from './finished-role.ts';
import { offlineRuntime } from './offline/runtime.ts';
import { useHeartbeat } from './offline/use-heartbeat.ts';
import { useOnline, useSessionOutbox } from './offline/use-outbox.ts';
import { ReadAloudProvider } from './read-aloud/read-aloud.tsx';
import { useReadAloudShortcut } from './read-aloud/use-read-aloud-shortcut.ts';
import { resultsPathAfterFinish } from './results-path.ts';
import type { FreshClock } from './server-clock.ts';
import { useIntegritySignals } from './signals/use-integrity-signals.ts';
import { useAnswerStatuses } from './use-answer-statuses.ts';
import { useFinishFlow } from './use-finish-flow.ts';
import { useLiveDeadline } from './use-live-deadline.ts';
import { useTestBlocks } from './use-test-blocks.ts';
import { useTestClock } from './use-test-clock.ts';
import './offline.css';

export interface TakingViewProps {
  record: AttemptRecord;
  /** The server's time as just received; null when resumed from this device alone. */
  fresh: FreshClock | null;
  /** A tutor's preview: counted nowhere, so its results open by the session's token, not in an account. */
  preview?: boolean;
}

/**
 * A running test: the countdown, the blocks and their questions, and the way out. Its clock, its
 * finish and its answers' statuses are hooks of their own. Memoized: the lesson page above it
 * renders again when its preview arrives, which changes nothing here.
 */
export const TakingView = memo(function TakingView({ record: started, fresh, preview = false }: TakingViewProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const [runtime] = useState(offlineRuntime);
  const room = useExamRoom(started.uuid);
  const record = useLiveDeadline(runtime, started, room);
  const { uuid, session } = record;
  useHoldCompactHeader();
  const display = useDisplaySettings();
  const blocksLocale = isLocale(record.blocksLocale) ? record.blocksLocale : locale;
  // What the questions are written in: the language they were asked in where the test has it, else its primary one.
  const language = shownLanguage(session.languages, blocksLocale);
  useReadAloudShortcut();
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

  const clock = useTestClock(runtime, record, fresh, () => {
    // Closed by the server meanwhile (another device, or the offline grace ran out).
    if (flow.phaseRef.current === 'running')
      navigate(resultsPathAfterFinish(uuid, record.api_token, preview), { replace: true });
  });
  const flow = useFinishFlow(runtime, record, clock);
  useHeartbeat(runtime, record, clock, flow.phase === 'running' || flow.phase === 'confirming', room.link);
  useIntegritySignals(runtime, record, clock, flow.phase === 'running' || flow.phase === 'confirming');
  const { phase, setPhase, finish, msLeft } = flow;
  const entries = useSessionOutbox(uuid);
  const online = useOnline();
  const { answers, answer } = useAnswerStatuses(runtime, record, clock, flow.phaseRef, entries);

  // What the taker is told waits to be sent: their answers and finish, not the signals noticed.
  const waiting = entries?.filter((entry) => entry.state === 'queued' && entry.kind !== 'signal').length ?? 0;
  const refusedAnswers = entries?.filter((entry) => entry.kind === 'answer' && entry.state === 'refused') ?? [];
  const finishRefusal = entries?.find((entry) => entry.kind === 'finish' && entry.state === 'refused')?.refusal ?? null;

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
    navigate(resultsPathAfterFinish(uuid, record.api_token, preview), { replace: true });
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
        <div className="taking__tools">
          <DisplayMenu settings={display.settings} onChange={display.change} />
          <Countdown
            msLeft={msLeft}
            untimed={session.untimed === true}
            hidden={display.settings.hideTimer}
            onHiddenChange={(hideTimer) => display.change({ hideTimer })}
            announce={display.settings.announceTime}
          />
        </div>
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

      <ExamRoomNotices messages={room.messages} paused={room.paused} />
      <BlockNav blocks={tabs} currentId={currentId ?? ''} onSelect={select} />

      {!blocks.data && blocks.isLoading && <LoadingState label={t`Loading questions…`} />}
      {blocks.error && <ErrorState error={blocks.error} onRetry={() => blocks.mutate()} />}
      {current && !room.paused && (
        <AttemptScope.Provider value={uuid}>
          <ReadAloudProvider offered={session.read_aloud !== false} language={language}>
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
          </ReadAloudProvider>
        </AttemptScope.Provider>
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
