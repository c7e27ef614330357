import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { GiveTestForm } from '../tutor-assignments/GiveTestForm.tsx';
import { ltiApi, postToPlatform, useDeepLink } from './lti-api.ts';

/**
 * `/{lang}/lti?deep-link={id}`: a teacher's "add an activity" from their learning platform. They
 * choose one of their published tests and the assignment's rules; Zalik gives it to the course and
 * the signed answer goes back to the platform, whose page then takes over. The request waits two
 * hours, so a teacher without a published test can make one and come back to this page.
 */
export default function DeepLinkPage({ id }: { id: string }) {
  const { t } = useLingui();
  const request = useDeepLink(id);
  usePageMeta({ title: t`Add a Zalik test to your course` });
  const heading = <h1 id="page-title">{t`Add a Zalik test to your course`}</h1>;
  if (request.error) {
    return (
      <section className="page page--narrow" aria-labelledby="page-title">
        {heading}
        <ErrorState error={request.error} />
      </section>
    );
  }
  if (!request.data) return <LoadingState />;
  const { platform, course } = request.data;
  return (
    <section className="page page--narrow new-assignment" aria-labelledby="page-title">
      {heading}
      <p>{course ? t`For the course “${course}” on ${platform}.` : t`For a course on ${platform}.`}</p>
      <p className="notice notice--info">
        {t`Only a published test can be added.`}{' '}
        <Link href={paths.home('tutor')}>{t`Make or publish a test in Zalik`}</Link>
        {', '}
        {t`then come back to this page.`}
      </p>
      <GiveTestForm
        lesson={null}
        initialTest=""
        submitLabel={t`Add to the course`}
        give={async (test, rules) => postToPlatform(await ltiApi.completeDeepLink(id, test, rules))}
      />
    </section>
  );
}
