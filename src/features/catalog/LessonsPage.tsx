import { Select, useLingui } from '@lingui/react/macro';
import type { LessonSummary } from '../../../contract/catalog.ts';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
import { formatDuration } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { hasStatus } from '../../shared/api/index.ts';
import type { PageProps } from '../../shared/routing/page-props.ts';
import { isRole, paths, type Role } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { Breadcrumbs } from '../../shared/ui/Breadcrumbs.tsx';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { NotFoundPage } from '../errors/ErrorPage.tsx';
import { CardLink } from './CardLink.tsx';
import { useLessons, useSpecializationPageInfo, useSubjectPageInfo } from './catalog-api.ts';
import { catalogCrumbs } from './catalog-crumbs.ts';

/** `/{lang}/test-{role}/{subject}/{spec}`: the tests of a topic. */
export default function LessonsPage({ params }: PageProps) {
  const { role, subject = '', spec = '' } = params;
  if (!isRole(role)) return <NotFoundPage />;
  return <Lessons role={role} subjectSlug={subject} specSlug={spec} />;
}

function Lessons({ role, subjectSlug, specSlug }: { role: Role; subjectSlug: string; specSlug: string }) {
  const { t, i18n } = useLingui();
  const subject = useSubjectPageInfo(subjectSlug);
  const info = useSpecializationPageInfo(subjectSlug, specSlug);
  const lessons = useLessons(subjectSlug, specSlug);
  const title = info.data?.title;
  usePageMeta({ title: info.data?.seo.title, description: info.data?.seo.description });

  if (hasStatus(info.error, 404) || hasStatus(lessons.error, 404)) return <NotFoundPage />;

  const crumbs = catalogCrumbs(i18n, role, {
    subject: { slug: subjectSlug, title: subject.data?.title ?? '…' },
    spec: { slug: specSlug, title: title ?? '…' },
  });
  return (
    <section className="page" aria-labelledby="page-title">
      <Breadcrumbs items={crumbs} />
      <header className="page__header">
        <h1 id="page-title">{title ?? t`Topic`}</h1>
        {info.data && <p className="page__lead">{info.data.description}</p>}
      </header>
      {info.error !== undefined && <ErrorState error={info.error} onRetry={() => info.mutate()} />}
      {lessons.isLoading && <LoadingState />}
      {lessons.error !== undefined && <ErrorState error={lessons.error} onRetry={() => lessons.mutate()} />}
      {lessons.data?.length === 0 && <p className="empty">{t`There are no tests here yet.`}</p>}
      {lessons.data && lessons.data.length > 0 && (
        <ul className="card-grid card-grid--wide">
          {lessons.data.map((lesson) => (
            <LessonCard key={lesson.id} lesson={lesson} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LessonCard({ lesson }: { lesson: LessonSummary }) {
  const locale = useLocale();
  const questionsForm = pluralForm(locale, lesson.question_count);
  const questionsText = formatNumber(locale, lesson.question_count);
  const duration = formatDuration(locale, lesson.duration_seconds);
  return (
    <li className="card">
      <h2 className="card__title">
        <CardLink href={paths.test(lesson.slug)}>{lesson.title}</CardLink>
      </h2>
      <p className="card__text">{lesson.description}</p>
      <p className="card__meta">
        <span>
          <span className="icon icon--clock" aria-hidden="true" />
          {duration}
        </span>
        <span>
          <Select value={questionsForm} _one={`${questionsText} question`} other={`${questionsText} questions`} />
        </span>
      </p>
    </li>
  );
}
