import { Select, useLingui } from '@lingui/react/macro';
import type { Specialization } from '../../../contract/catalog.ts';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
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
import { useSpecializations, useSubjectPageInfo } from './catalog-api.ts';
import { catalogCrumbs } from './catalog-crumbs.ts';

/** `/{lang}/test-{role}/{subject}`: the topics of a subject. */
export default function SpecializationsPage({ params }: PageProps) {
  const { role, subject = '' } = params;
  if (!isRole(role)) return <NotFoundPage />;
  return <Specializations role={role} subjectSlug={subject} />;
}

function Specializations({ role, subjectSlug }: { role: Role; subjectSlug: string }) {
  const { t, i18n } = useLingui();
  const info = useSubjectPageInfo(subjectSlug);
  const specializations = useSpecializations(subjectSlug);
  const title = info.data?.title;
  usePageMeta({ title: info.data?.seo.title, description: info.data?.seo.description });

  if (hasStatus(info.error, 404) || hasStatus(specializations.error, 404)) return <NotFoundPage />;

  const crumbs = catalogCrumbs(i18n, role, { subject: { slug: subjectSlug, title: title ?? '…' } });
  return (
    <section className="page" aria-labelledby="page-title">
      <Breadcrumbs items={crumbs} />
      <header className="page__header">
        <h1 id="page-title">{title ?? t`Subject`}</h1>
        {info.data && <p className="page__lead">{info.data.description}</p>}
      </header>
      {info.error !== undefined && <ErrorState error={info.error} onRetry={() => info.mutate()} />}
      {specializations.isLoading && <LoadingState />}
      {specializations.error !== undefined && (
        <ErrorState error={specializations.error} onRetry={() => specializations.mutate()} />
      )}
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
  const locale = useLocale();
  const testsForm = pluralForm(locale, item.lesson_count);
  const testsText = formatNumber(locale, item.lesson_count);
  return (
    <li className="card">
      <h2 className="card__title">
        <CardLink href={paths.specialization(role, item.subject_slug, item.slug)}>{item.title}</CardLink>
      </h2>
      <p className="card__text">{item.description}</p>
      <p className="card__meta">
        <span>
          <Select value={testsForm} _one={`${testsText} test`} other={`${testsText} tests`} />
        </span>
      </p>
    </li>
  );
}
