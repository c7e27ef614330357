import { Plural, useLingui } from '@lingui/react/macro';
import type { Subject } from '../../../contract/index.ts';
import { paths, type Role } from '../../shared/routing/paths.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle.ts';
import { CardLink } from './CardLink.tsx';
import { useSubjects } from './catalog-api.ts';

/** `/{lang}/student` and `/{lang}/tutor`: the subjects of one audience. */
export default function SubjectsPage({ audience }: { audience: Role }) {
  const { t } = useLingui();
  const { data, error, isLoading, mutate } = useSubjects();
  const title = audience === 'student' ? t`Tests for students` : t`Tests for tutors`;
  useDocumentTitle(title);
  const subjects = data?.filter((subject) => subject.audience === audience) ?? [];

  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title">{title}</h1>
        <p className="page__lead">
          {audience === 'student'
            ? t`Choose a subject, then a topic, and take a timed test. Your answers are saved as you go.`
            : t`Timed tests for tutors: check your own knowledge before you teach it.`}
        </p>
      </header>
      {isLoading && <LoadingState />}
      {error && <ErrorState error={error} onRetry={() => mutate()} />}
      {data && subjects.length === 0 && <p className="empty">{t`There are no subjects here yet.`}</p>}
      {subjects.length > 0 && (
        <ul className="card-grid">
          {subjects.map((subject) => (
            <SubjectCard key={subject.id} subject={subject} role={audience} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SubjectCard({ subject, role }: { subject: Subject; role: Role }) {
  const topics = subject.specialization_count;
  const tests = subject.lesson_count;
  return (
    <li className="card">
      <h2 className="card__title">
        <CardLink href={paths.subject(role, subject.slug)}>{subject.title}</CardLink>
      </h2>
      <p className="card__text">{subject.description}</p>
      <p className="card__meta">
        <span>
          <Plural value={topics} one="# topic" other="# topics" />
        </span>
        <span>
          <Plural value={tests} one="# test" other="# tests" />
        </span>
      </p>
    </li>
  );
}
