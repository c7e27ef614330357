import { Plural, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import type { Specialization } from '../../../contract/index.ts';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';
import { hasStatus } from '../../shared/api/index.ts';
import { isRole, paths, type Role } from '../../shared/routing/paths.ts';
import { Breadcrumbs } from '../../shared/ui/Breadcrumbs.tsx';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { useDocumentTitle } from '../../shared/ui/useDocumentTitle.ts';
import { CardLink } from './CardLink.tsx';
import { useSpecializations, useSubjects } from './catalog-api.ts';
import { roleHomeLabel } from './role-labels.ts';

/** `/{lang}/test-{role}/{subject}`: the topics of a subject. */
export default function SpecializationsPage() {
  const { role, subject } = useParams<{ role: string; subject: string }>();
  if (!isRole(role)) return <NotFoundPage />;
  return <Specializations role={role} subjectSlug={subject} />;
}

function Specializations({ role, subjectSlug }: { role: Role; subjectSlug: string }) {
  const { t, i18n } = useLingui();
  const subjects = useSubjects();
  const specializations = useSpecializations(subjectSlug);
  const subject = subjects.data?.find((item) => item.slug === subjectSlug);
  useDocumentTitle(subject?.title);

  if (hasStatus(specializations.error, 404) || (subjects.data && !subject)) return <NotFoundPage />;

  return (
    <section className="page" aria-labelledby="page-title">
      <Breadcrumbs
        items={[{ label: roleHomeLabel(i18n, role), href: paths.home(role) }, { label: subject?.title ?? '…' }]}
      />
      <header className="page__header">
        <h1 id="page-title">{subject?.title ?? t`Subject`}</h1>
        {subject && <p className="page__lead">{subject.description}</p>}
      </header>
      {specializations.isLoading && <LoadingState />}
      {specializations.error && <ErrorState error={specializations.error} onRetry={() => specializations.mutate()} />}
      {specializations.data?.length === 0 && <p className="empty">{t`There are no topics here yet.`}</p>}
      {specializations.data && specializations.data.length > 0 && (
        <ul className="card-grid">
          {specializations.data.map((item) => (
            <SpecializationCard key={item.id} item={item} role={role} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SpecializationCard({ item, role }: { item: Specialization; role: Role }) {
  const tests = item.lesson_count;
  return (
    <li className="card">
      <h2 className="card__title">
        <CardLink href={paths.specialization(role, item.subject_slug, item.slug)}>{item.title}</CardLink>
      </h2>
      <p className="card__text">{item.description}</p>
      <p className="card__meta">
        <span>
          <Plural value={tests} one="# test" other="# tests" />
        </span>
      </p>
    </li>
  );
}
