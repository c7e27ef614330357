import { Select, useLingui } from '@lingui/react/macro';
import type { Subject } from '../../../contract/catalog.ts';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { paths, type Role } from '../../shared/routing/paths.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { CardLink } from './CardLink.tsx';

/** The subjects as read by the page that shows them (the landing page and the catalog read them each their own way). */
export interface SubjectsRead {
  data: Subject[] | undefined;
  error: unknown;
  isLoading: boolean;
  mutate: () => Promise<unknown>;
}

/** An audience's subjects as cards, with the states of their loading; shared by the landing page and the catalog. */
export function SubjectCards({
  audience,
  subjects: read,
  headingLevel = 2,
}: {
  audience: Role;
  subjects: SubjectsRead;
  headingLevel?: 2 | 3;
}) {
  const { t } = useLingui();
  const { data, error, isLoading, mutate } = read;
  const subjects = data?.filter((subject) => subject.audience === audience) ?? [];

  if (isLoading) return <LoadingState />;
  if (error) return <ErrorState error={error} onRetry={() => mutate()} />;
  if (data && subjects.length === 0) return <p className="empty">{t`There are no subjects here yet.`}</p>;
  return (
    <ul className="card-grid">
      {subjects.map((subject) => (
        <SubjectCard key={subject.id} subject={subject} role={audience} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}

function SubjectCard({ subject, role, headingLevel }: { subject: Subject; role: Role; headingLevel: 2 | 3 }) {
  const locale = useLocale();
  const topicsForm = pluralForm(locale, subject.specialization_count);
  const topicsText = formatNumber(locale, subject.specialization_count);
  const testsForm = pluralForm(locale, subject.lesson_count);
  const testsText = formatNumber(locale, subject.lesson_count);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="card">
      <Heading className="card__title">
        <CardLink href={paths.subject(role, subject.slug)}>{subject.title}</CardLink>
      </Heading>
      <p className="card__text">{subject.description}</p>
      <p className="card__meta">
        <span>
          <Select value={topicsForm} _one={`${topicsText} topic`} other={`${topicsText} topics`} />
        </span>
        <span>
          <Select value={testsForm} _one={`${testsText} test`} other={`${testsText} tests`} />
        </span>
      </p>
    </li>
  );
}
