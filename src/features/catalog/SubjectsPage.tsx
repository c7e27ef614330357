import { useLingui } from '@lingui/react/macro';
import type { PageProps } from '../../shared/routing/page-props.ts';
import { isRole, type Role } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { Breadcrumbs } from '../../shared/ui/Breadcrumbs.tsx';
import { NotFoundPage } from '../errors/ErrorPage.tsx';
import { useSubjects } from './catalog-api.ts';
import { catalogCrumbs } from './catalog-crumbs.ts';
import { roleTestsTitle } from './role-labels.ts';
import { SubjectCards } from './SubjectCards.tsx';

/** `/{lang}/test-{role}`: every subject of one audience. */
export default function SubjectsPage({ params }: PageProps) {
  if (!isRole(params.role)) return <NotFoundPage />;
  return <Subjects role={params.role} />;
}

function Subjects({ role }: { role: Role }) {
  const { t, i18n } = useLingui();
  const title = roleTestsTitle(i18n, role);
  const lead =
    role === 'student'
      ? t`Choose a subject, then a topic, and take a timed test. Your answers are saved as you go.`
      : t`Timed tests for tutors: check your own knowledge before you teach it.`;
  usePageMeta({ title, description: lead });
  const crumbs = catalogCrumbs(i18n, role);
  const subjects = useSubjects();

  return (
    <section className="page" aria-labelledby="page-title">
      <Breadcrumbs items={crumbs} />
      <header className="page__header">
        <h1 id="page-title">{title}</h1>
        <p className="page__lead">{lead}</p>
      </header>
      <SubjectCards audience={role} subjects={subjects} />
    </section>
  );
}
