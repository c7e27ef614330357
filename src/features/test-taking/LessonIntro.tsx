import { Select, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { LessonPreview } from '../../../contract/catalog.ts';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
import { formatDateTime, formatDuration } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { useAuth } from '../../shared/auth/auth.ts';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { paths } from '../../shared/routing/paths.ts';
import { Breadcrumbs } from '../../shared/ui/Breadcrumbs.tsx';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { errorText } from '../../shared/ui/error-text.ts';
import { catalogCrumbs } from '../catalog/catalog-crumbs.ts';
import type { StoredAttempt } from './resume/use-stored-attempt.ts';

/** The lesson before it starts: what it holds, how long it runs, and the Start button. */
export function LessonIntro({
  preview,
  attempt,
  onRecheck,
  starting,
  startError,
  startMessage,
  onStart,
}: {
  preview: LessonPreview;
  attempt: StoredAttempt;
  onRecheck: () => void;
  starting: boolean;
  startError: unknown;
  /** What to say of the start's failure instead of the usual (one the server did not answer in time). */
  startMessage?: string | undefined;
  onStart: () => void;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const role = preview.audience;
  const duration = formatDuration(locale, preview.duration_seconds);
  const questions = formatNumber(locale, preview.question_count);
  const points = formatNumber(locale, preview.max_score);
  const checking = attempt.state === 'checking';
  const tutor = useAuth().user?.role === 'tutor';

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <Breadcrumbs
        items={catalogCrumbs(i18n, role, {
          subject: preview.subject,
          spec: preview.specialization,
          lesson: preview.title,
        })}
      />
      <header className="page__header">
        <h1 id="page-title">{preview.title}</h1>
        <p className="page__lead">{preview.description}</p>
      </header>

      <dl className="facts">
        <div className="facts__item">
          <dt>{t`Time`}</dt>
          <dd>{duration}</dd>
        </div>
        <div className="facts__item">
          <dt>{t`Questions`}</dt>
          <dd>{questions}</dd>
        </div>
        <div className="facts__item">
          <dt>{t`Points`}</dt>
          <dd>{points}</dd>
        </div>
      </dl>

      <h2 className="section-title">{t`Blocks`}</h2>
      <ol className="block-list">
        {preview.blocks.map((block) => {
          const questionsForm = pluralForm(locale, block.question_count);
          const questionsText = formatNumber(locale, block.question_count);
          return (
            <li key={block.id} className="block-list__item">
              <span className="block-list__title">{block.title}</span>
              <span className="block-list__count">
                <Select value={questionsForm} _one={`${questionsText} question`} other={`${questionsText} questions`} />
              </span>
            </li>
          );
        })}
      </ol>

      {attempt.state === 'finished' && (
        <FinishedAttempt
          uuid={attempt.stored.uuid}
          apiToken={attempt.stored.api_token}
          finishedAt={attempt.session.finished_at}
        />
      )}
      {attempt.state === 'unreachable' && (
        <div className="notice notice--warning" role="alert">
          <p>
            {t`You have an unfinished attempt at this test, but the server cannot be reached to resume it.`}{' '}
            {errorText(i18n, attempt.error)}
          </p>
          <button type="button" className="button button--secondary" onClick={onRecheck}>
            {t`Try again`}
          </button>
        </div>
      )}

      <div className="start">
        <p className="start__hint">
          {t`The timer starts as soon as you start the test and keeps running even if you close the page. Each answer is saved as you give it.`}
        </p>
        <button
          type="button"
          className="button button--primary button--large"
          onClick={onStart}
          disabled={starting || checking}
          aria-busy={starting || checking || undefined}
        >
          {t`Start test`}
        </button>
        {checking && <p className="start__status" role="status">{t`Looking for an unfinished attempt…`}</p>}
        {starting && <p className="start__status" role="status">{t`Starting the test…`}</p>}
        {startError !== null && startError !== undefined && (
          <ErrorState error={startError} message={startMessage} onRetry={onStart} />
        )}
        {tutor && (
          <Link href={assignmentPaths.create({ lesson: preview.slug })} className="button button--secondary">
            {t`Give this test to a class`}
          </Link>
        )}
      </div>
    </section>
  );
}

function FinishedAttempt({
  uuid,
  apiToken,
  finishedAt,
}: {
  uuid: string;
  apiToken: string;
  finishedAt: number | null;
}) {
  const locale = useLocale();
  const when = finishedAt === null ? null : formatDateTime(locale, finishedAt);
  return (
    <div className="notice notice--info" role="status">
      <p>
        {when ? <Trans>You finished this test on {when}.</Trans> : <Trans>You have finished this test.</Trans>}{' '}
        <Trans>
          <Link href={paths.results(uuid, apiToken)}>See your results</Link> or start the test again.
        </Trans>
      </p>
    </div>
  );
}
