import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { useAction } from '../../shared/forms/use-action.ts';
import { useConfirm } from '../../shared/forms/use-confirm.tsx';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { ResultBlocks } from '../results/ResultBlocks.tsx';
import { ScoreSummary } from '../results/ScoreSummary.tsx';
import { SignalTimeline } from '../results/SignalTimeline.tsx';
import { removeAttempt, useAttempt } from './tutor-assignments-api.ts';

/**
 * One finished attempt in full, as its tutor reviews it: every answer beside the right one; and its
 * removal for good when its taker asks (the change log keeps that one was removed, not whose).
 */
export default function AttemptReview({ id, session }: { id: string; session: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const attempt = useAttempt(id, session);
  const { busy, run } = useAction();
  const { confirm, dialog } = useConfirm();
  const remove = async () => {
    const sure = await confirm({
      title: t`Remove this attempt for good?`,
      text: t`Its answers, marks and signals are deleted, as its taker may ask. Results and statistics no longer count it. This cannot be undone.`,
      confirmLabel: t`Remove the attempt`,
    });
    if (!sure) return;
    const done = await run(() => removeAttempt(id, session).then(() => true), { done: t`The attempt is removed.` });
    if (done) navigate(assignmentPaths.assignment(id, 'results'));
  };
  if (attempt.error) return <ErrorState error={attempt.error} onRetry={() => attempt.mutate()} />;
  if (!attempt.data) return <LoadingState />;
  const results = attempt.data;
  return (
    <article className="results attempt-review" aria-labelledby="attempt-title">
      <p>
        <Link href={assignmentPaths.assignment(id, 'results')}>{t`Back to the results`}</Link>
      </p>
      <h2 id="attempt-title" className="section-title">
        {t`One attempt`}
      </h2>
      <ScoreSummary
        score={results.score}
        maxScore={results.max_score}
        percent={results.percent}
        awaiting={results.awaiting_marks}
      />
      <SignalTimeline results={results} level={3} />
      <ResultBlocks blocks={results.blocks} level={3} />
      <p>
        <button type="button" className="button button--secondary" disabled={busy} onClick={remove}>
          {t`Remove this attempt (on its taker’s request)`}
        </button>
      </p>
      {dialog}
    </article>
  );
}
