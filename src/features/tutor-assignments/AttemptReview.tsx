import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { ResultBlocks } from '../results/ResultBlocks.tsx';
import { ScoreSummary } from '../results/ScoreSummary.tsx';
import { SignalTimeline } from '../results/SignalTimeline.tsx';
import { useAttempt } from './tutor-assignments-api.ts';

/** One finished attempt in full, as its tutor reviews it: every answer beside the right one. */
export default function AttemptReview({ id, session }: { id: string; session: string }) {
  const { t } = useLingui();
  const attempt = useAttempt(id, session);
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
    </article>
  );
}
