import { Plural, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import type { LessonSummary } from '../../../contract/index.ts';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';
import { formatDuration } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { hasStatus } from '../../shared/api/index.ts';
import { isRole, paths, type Role } from '../../shared/routing/paths.ts';
import { Breadcrumbs } from '../../shared/ui/Breadcrumbs.tsx';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle.ts';
import { CardLink } from './CardLink.tsx';
import { useLessons, useSpecializations, useSubjects } from './catalog-api.ts';
import { roleHomeLabel } from './role-labels.ts';

/** `/{lang}/test-{role}/{subject}/{spec}`: the tests of a topic. */
export default function LessonsPage() {
  const { role, subject, spec } = useParams<{ role: string; subject: string; spec: string }>();
  if (!isRole(role)) return <NotFoundPage />;
  return <Lessons role={role} subjectSlug={subject} specSlug={spec} />;
}

function Lessons({ role, subjectSlug, specSlug }: { role: Role; subjectSlug: string; specSlug: string }) {
  const { t, i18n } = useLingui();
  const subject = useSubjects().data?.find((item) => item.slug === subjectSlug);
  const specializations = useSpecializations(subjectSlug);
  const spec = specializations.data?.find((item) => item.slug === specSlug);
  const lessons = useLessons(subjectSlug, specSlug);
  useDocumentTitle(spec?.title);

  if (hasStatus(lessons.error, 404) || (specializations.data && !spec)) return <NotFoundPage />;

  return (
    <section className="page" aria-labelledby="page-title">
      <Breadcrumbs
        items={[
          { label: roleHomeLabel(i18n, role), href: paths.home(role) },
          { label: subject?.title ?? '…', href: paths.subject(role, subjectSlug) },
          { label: spec?.title ?? '…' },
        ]}
      />
      <header className="page__header">
        <h1 id="page-title">{spec?.title ?? t`Topic`}</h1>
        {spec && <p className="page__lead">{spec.description}</p>}
      </header>
      {lessons.isLoading && <LoadingState />}
      {lessons.error && <ErrorState error={lessons.error} onRetry={() => lessons.mutate()} />}
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
  const questions = lesson.question_count;
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
          <Plural value={questions} one="# question" other="# questions" />
        </span>
      </p>
    </li>
  );
}
