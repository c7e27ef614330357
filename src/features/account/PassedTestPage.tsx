import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { hasStatus } from '../../shared/api/index.ts';
import type { PageProps } from '../../shared/routing/page-props.ts';
import { paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { PointsOf } from '../../shared/ui/PointsOf.tsx';
import { QuestionResultItem } from '../results/QuestionResultItem.tsx';
import { ScoreSummary } from '../results/ScoreSummary.tsx';
import { useCompletedTest, useGroupedDetails } from './account-api.ts';
import './account.css';
import { RequireAuth } from './RequireAuth.tsx';

/** `/{lang}/account/passed-test-{uuid}`: one passed test, its blocks' totals and each block's answers. */
export default function PassedTestPage({ params }: PageProps) {
  return (
    <RequireAuth>
      <PassedTest uuid={params.uuid ?? ''} />
    </RequireAuth>
  );
}

function PassedTest({ uuid }: { uuid: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const test = useCompletedTest(uuid);
  const lessonTitle = test.data?.lesson.title;
  usePageMeta({ title: lessonTitle ? t`Results: ${lessonTitle}` : t`Test result` });

  if (!test.data) {
    return (
      <section className="page page--narrow" aria-labelledby="page-title">
        <h1 id="page-title">{t`Test result`}</h1>
        {hasStatus(test.error, 409) ? (
          // Finished on this device a moment ago, the finish still on its way (outbox): it fills in by itself.
          <p className="notice" role="status">
            {t`Your result is on its way: it appears here as soon as your finish reaches the server.`}
          </p>
        ) : hasStatus(test.error, 403, 404) ? (
          <p className="notice notice--error">{t`This test is not among your passed tests.`}</p>
        ) : test.error ? (
          <ErrorState error={test.error} onRetry={() => test.mutate()} />
        ) : (
          <LoadingState label={t`Loading results…`} />
        )}
        <p>
          <Link href={paths.passedTests()} className="button button--secondary">
            {t`All passed tests`}
          </Link>
        </p>
      </section>
    );
  }

  const result = test.data;
  const finishedAt = formatDateTime(locale, result.finished_at);
  let number = 0;
  return (
    <article className="page page--narrow results" aria-labelledby="page-title">
      <header className="page__header">
        <p className="eyebrow">{t`Test result`}</p>
        <h1 id="page-title">{result.lesson.title}</h1>
        <p className="page__lead">{t`Finished on ${finishedAt}.`}</p>
      </header>
      <ScoreSummary
        score={result.score}
        maxScore={result.max_score}
        percent={result.percent}
        awaiting={result.awaiting_marks}
      />
      {/* An assignment's rules may show the test's score only: then no block's score either. */}
      {result.blocks.every((block) => block.score !== null) && (
        <section aria-labelledby="by-block">
          <h2 id="by-block" className="section-title">
            {t`By block`}
          </h2>
          <ul className="block-scores">
            {result.blocks.map((block) => (
              <li key={block.id} className="block-scores__item">
                <a href={`#result-${block.id}`} className="block-scores__title">
                  {block.title}
                </a>
                <span className="block-scores__value">
                  <PointsOf score={block.score ?? 0} max={block.max_score} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.blocks.map((block) => {
        const first = number + 1;
        number += block.question_count;
        if (block.question_count === 0) return null;
        return (
          <BlockDetails key={block.id} uuid={uuid} id={block.id} title={block.title} first={first}>
            {block.score !== null && <PointsOf score={block.score} max={block.max_score} />}
          </BlockDetails>
        );
      })}
      <p className="results__again">
        <Link href={paths.passedTests()} className="button button--secondary">
          {t`All passed tests`}
        </Link>
      </p>
    </article>
  );
}

/** One block's answers, fetched on their own (`grouped-details`) so a long test shows its totals at once. */
function BlockDetails({
  uuid,
  id,
  title,
  first,
  children,
}: {
  uuid: string;
  id: string;
  title: string;
  first: number;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const details = useGroupedDetails(uuid, id);
  return (
    <section className="result-block" aria-labelledby={`result-${id}`}>
      <h2 id={`result-${id}`} className="result-block__title">
        {title}
        <span className="result-block__score">{children}</span>
      </h2>
      {details.data ? (
        <ol className="result-questions" start={first}>
          {details.data.questions.map((question, index) => (
            <QuestionResultItem key={question.id} question={question} number={first + index} />
          ))}
        </ol>
      ) : details.error ? (
        <ErrorState error={details.error} onRetry={() => details.mutate()} />
      ) : (
        <LoadingState label={t`Loading answers…`} />
      )}
    </section>
  );
}
