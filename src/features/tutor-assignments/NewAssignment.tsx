import { useLingui } from '@lingui/react/macro';
import { useLocation, useSearch } from 'wouter';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { GiveTestForm } from './GiveTestForm.tsx';
import { createAssignment } from './tutor-assignments-api.ts';

/**
 * `/{lang}/tutor/assignments/new`: giving a test to takers: which test (`?test=` one of the tutor's,
 * `?lesson=` a catalog lesson, or chosen here), and every rule of the assignment.
 */
export default function NewAssignment() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  usePageMeta({ title: t`Give a test` });
  return (
    <section className="page page--narrow new-assignment" aria-labelledby="page-title">
      <h1 id="page-title">{t`Give a test`}</h1>
      <GiveTestForm
        lesson={search.get('lesson')}
        initialTest={search.get('test') ?? ''}
        submitLabel={t`Give the test`}
        give={async (test, rules) => navigate(assignmentPaths.assignment((await createAssignment(test, rules)).id))}
      />
    </section>
  );
}
