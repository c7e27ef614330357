import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { FinishReason, Results } from '../../../contract/index.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { PointsOf } from '../../shared/ui/PointsOf.tsx';
import { ResultBlocks } from './ResultBlocks.tsx';
import { ScoreSummary } from './ScoreSummary.tsx';
import { SignalTimeline } from './SignalTimeline.tsx';

export function ResultsView({ results }: { results: Results }) {
  const { t } = useLingui();
  const locale = useLocale();
  const finishedAt = formatDateTime(locale, results.finished_at);
  const reasons: Record<FinishReason, string> = {
    manual: t`Finished on ${finishedAt}.`,
    timeout: t`The time ran out on ${finishedAt}.`,
    expired: t`The time ran out; the test was closed on ${finishedAt}.`,
  };

  return (
    <article className="page page--narrow results" aria-labelledby="page-title">
      <header className="page__header">
        <p className="eyebrow">{t`Results`}</p>
        <h1 id="page-title">{results.lesson.title}</h1>
        <p className="page__lead">{reasons[results.finish_reason]}</p>
      </header>

      <ScoreSummary
        score={results.score}
        maxScore={results.max_score}
        percent={results.percent}
        awaiting={results.awaiting_marks}
      />
      {results.review === 'score' && <p className="notice">{t`Your tutor shows the score only.`}</p>}
      {results.review === 'answers' && (
        <p className="notice">{t`Your tutor shows your answers without the correct ones.`}</p>
      )}

      {results.blocks.length > 1 && results.blocks.every((block) => block.score !== null) && (
        <section aria-labelledby="by-block">
          <h2 id="by-block" className="section-title">
            {t`By block`}
          </h2>
          <ul className="block-scores">
            {results.blocks.map((block) => {
              const score = block.score ?? 0;
              const share = block.max_score > 0 ? (score / block.max_score) * 100 : 0;
              return (
                <li key={block.id} className="block-scores__item">
                  <a href={`#result-${block.id}`} className="block-scores__title">
                    {block.title}
                  </a>
                  <span className="block-scores__value">
                    <PointsOf score={score} max={block.max_score} />
                  </span>
                  <span className="meter meter--small" aria-hidden="true">
                    <span className="meter__fill" style={{ width: `${share}%` }} />
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <ResultBlocks blocks={results.blocks} />
      <SignalTimeline results={results} />

      <p className="results__again">
        <Link
          href={
            results.assignment_code === undefined
              ? paths.test(results.lesson.slug)
              : paths.assignment(results.assignment_code)
          }
          className="button button--secondary"
        >
          {t`Take this test again`}
        </Link>
      </p>
    </article>
  );
}
