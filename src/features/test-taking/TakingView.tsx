import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { AnswerValue, OnlineSession } from '../../../contract/index.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { hasStatus } from '../../shared/api/index.ts';
import { notify, preloadNotifications } from '../../shared/notifications/notify.ts';
import { paths } from '../../shared/routing/paths.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { errorText } from '../../shared/ui/error-text.ts';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { createAnswerSender } from './answer-sender.ts';
import { type AnswerMap, answersFromSession, countAnswered, withStatus } from './answer-state.ts';
import { BlockNav, type BlockTab } from './BlockNav.tsx';
import { BlockView } from './BlockView.tsx';
import { blockIdFromHash, writeBlockHash } from './block-hash.ts';
import { Countdown } from './Countdown.tsx';
import { FinishDialog } from './FinishDialog.tsx';
import { createServerClock, remainingMs } from './server-clock.ts';
import { type Credentials, finishSession, sendAnswer } from './taking-api.ts';
import { useCountdown } from './use-countdown.ts';
import { useTestBlocks } from './use-test-blocks.ts';

/**
 * - running: answers are taken;
 * - confirming / finishing: the finish dialog is open / its finish call is under way;
 * - expired: the time ran out and the finish call is under way;
 * - stuck: the time is out but the finish call failed; the taker can try it again.
 */
type Phase = 'running' | 'confirming' | 'finishing' | 'expired' | 'stuck';

export interface TakingViewProps {
  credentials: Credentials;
  session: OnlineSession;
  /** `performance.now()` when `session` arrived: anchors the server clock. */
  receivedAt: number;
}

/** A running test: the countdown, the blocks and their questions, and the way out. */
export function TakingView({ credentials, session, receivedAt }: TakingViewProps) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [, navigate] = useLocation();
  // The notices of a running test must be at hand even if the connection drops later.
  useEffect(preloadNotifications, []);

  const [clock] = useState(() => createServerClock(session.server_now, receivedAt));
  const [answers, setAnswers] = useState<AnswerMap>(() => answersFromSession(session.answers));
  const [phase, setPhaseState] = useState<Phase>('running');
  // Callbacks from timers and requests must see the phase of now, not of their render.
  const phaseRef = useRef<Phase>('running');
  const setPhase = useCallback((next: Phase) => {
    phaseRef.current = next;
    setPhaseState(next);
  }, []);

  const [sender] = useState(() =>
    createAnswerSender(
      async (answer) => {
        const sentAt = clock.stamp();
        const receipt = await sendAnswer(credentials, answer);
        clock.sync(receipt.server_now, sentAt);
        return receipt;
      },
      () => clock.now(),
    ),
  );

  const finish = useCallback(
    async (reason: 'manual' | 'timeout') => {
      if (phaseRef.current === 'finishing' || phaseRef.current === 'expired') return;
      setPhase(reason === 'manual' ? 'finishing' : 'expired');
      try {
        // The last answers land first: the server still takes them within its grace period.
        await sender.flush();
        const sentAt = clock.stamp();
        const receipt = await finishSession(credentials, reason);
        clock.sync(receipt.server_now, sentAt);
        navigate(paths.results(credentials.uuid, credentials.apiToken), { replace: true });
      } catch (error) {
        const why = errorText(i18n, error);
        notify(t`The test could not be finished. ${why}`, { kind: 'error', id: 'finish-failed' });
        setPhase(reason === 'manual' && remainingMs(clock, session.deadline) > 0 ? 'running' : 'stuck');
      }
    },
    [clock, credentials, i18n, navigate, sender, session.deadline, setPhase, t],
  );

  const msLeft = useCountdown(clock, session.deadline, () => {
    notify(t`Time is up. Your answers are being submitted.`, { id: 'time-up' });
    void finish('timeout');
  });

  const answer = useCallback(
    (questionId: string, value: AnswerValue) => {
      if (phaseRef.current !== 'running') return;
      setAnswers((current) => ({ ...current, [questionId]: { value, status: 'saving' } }));
      sender.send(questionId, value).then((outcome) => {
        if (outcome.status === 'superseded') return;
        if (outcome.status === 'saved') {
          setAnswers((current) => withStatus(current, questionId, value, 'saved'));
          return;
        }
        setAnswers((current) => withStatus(current, questionId, value, 'failed'));
        const { error } = outcome;
        const reason = errorText(i18n, error);
        if (hasStatus(error, 409)) {
          notify(t`The time is over, so this answer was not accepted.`, { kind: 'error', id: 'answer-closed' });
          void finish('timeout');
        } else if (hasStatus(error, 401)) {
          notify(t`This test session is no longer valid.`, { kind: 'error', id: 'answer-unauthorized' });
        } else if (hasStatus(error, 422)) {
          notify(t`This answer was not accepted. ${reason}`, { kind: 'error', id: `answer-${questionId}` });
        } else {
          notify(t`Your answer was not saved. ${reason}`, { kind: 'error', id: `answer-${questionId}` });
        }
      });
    },
    [finish, i18n, sender, t],
  );

  const blocks = useTestBlocks(credentials, session.blocks);
  const blockIds = useMemo(() => session.blocks.map((block) => block.id), [session.blocks]);
  const [currentId, setCurrentId] = useState(() => blockIdFromHash(window.location.hash, blockIds) ?? blockIds[0]);
  const [moved, setMoved] = useState(false);
  const currentIndex = Math.max(0, blockIds.indexOf(currentId ?? ''));

  const select = (id: string) => {
    setCurrentId(id);
    setMoved(true);
    writeBlockHash(id);
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
  const closed = phase === 'finishing' || phase === 'expired' || phase === 'stuck';

  return (
    <section className="taking" aria-labelledby="taking-title">
      <div className="taking__bar">
        <div className="taking__heading">
          <h1 id="taking-title" className="taking__title">
            {session.lesson.title}
          </h1>
          <p className="taking__progress">{t`${answeredText} of ${totalText} answered`}</p>
        </div>
        <Countdown msLeft={msLeft} />
      </div>

      {phase === 'expired' && (
        <p className="notice notice--warning" role="status">
          {t`Time is up. Finishing the test…`}
        </p>
      )}
      {phase === 'stuck' && (
        <div className="notice notice--error" role="alert">
          <p>{t`Time is up, but the test could not be finished yet. Your answers are safe on the server.`}</p>
          <button type="button" className="button button--primary" onClick={() => finish('timeout')}>
            {t`Try again`}
          </button>
        </div>
      )}

      <BlockNav blocks={tabs} currentId={currentId ?? ''} onSelect={select} />

      {blocks.isLoading && <LoadingState label={t`Loading questions…`} />}
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

      <FinishDialog
        open={phase === 'confirming' || phase === 'finishing'}
        answered={answered}
        total={total}
        busy={phase === 'finishing'}
        onConfirm={() => finish('manual')}
        onCancel={() => setPhase('running')}
      />
    </section>
  );
}
