import { Select, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { Link } from 'wouter';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { useAuth } from '../../shared/auth/auth.ts';
import { lazyPage } from '../../shared/pwa/lazy-page.ts';
import type { PageProps } from '../../shared/routing/page-props.ts';
import { paths, type Role } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { SubjectCards } from '../catalog/SubjectCards.tsx';
import { HeroArt } from './HeroArt.tsx';
import { HowItWorks } from './HowItWorks.tsx';
import { useLandingSubjects, useMainPage } from './landing-api.ts';

// The assignment code field: not needed for the first paint, so it comes just after it.
const CodeField = lazyPage(() => import('./CodeField.tsx'));
// A tutor's own tests: code and messages only a signed-in tutor ever loads.
const MyTests = lazyPage(() => import('../tutor-tests/MyTestsLoader.tsx'));

/** `/{lang}/student` and `/{lang}/tutor`: what Zalik offers this audience, and its subjects. */
export default function AudiencePage({ params }: PageProps) {
  // The route table passes the role; only `/tutor` gives `tutor`.
  return <Audience role={params.role === 'tutor' ? 'tutor' : 'student'} />;
}

function Audience({ role }: { role: Role }) {
  const { t } = useLingui();
  const main = useMainPage();
  const subjects = useLandingSubjects();
  const student = role === 'student';
  const tutorSignedIn = useAuth().user?.role === 'tutor' && role === 'tutor';
  const pitch = student
    ? t`Take a timed test in a subject you are learning, see your score the moment you finish, and learn from an explanation for every question. No account needed.`
    : t`Check your own command of a subject against the clock before you teach it, and see what a timed test feels like from your students' side.`;
  // The student page is the home page: it carries the site's own SEO texts.
  usePageMeta(
    student
      ? { fullTitle: main.data?.seo.title, description: main.data?.seo.description }
      : { title: t`Tests for tutors`, description: pitch },
  );

  return (
    <div className="landing">
      <section className="hero" aria-labelledby="page-title">
        <div className="hero__text">
          <p className="eyebrow">{student ? t`For students` : t`For tutors`}</p>
          <h1 id="page-title">
            {student ? t`Timed tests that keep every answer safe` : t`Test yourself before you test them`}
          </h1>
          <p className="hero__lead">{pitch}</p>
          <div className="hero__actions">
            <Link href={paths.tests(role)} className="button button--primary button--large">
              {student ? t`Browse the tests` : t`Browse tests for tutors`}
            </Link>
            <a href="#how-it-works" className="button button--secondary button--large">
              {t`How it works`}
            </a>
          </div>
          {student && (
            <Suspense fallback={null}>
              <CodeField />
            </Suspense>
          )}
          <AudienceFacts role={role} />
        </div>
        <HeroArt />
      </section>

      {tutorSignedIn && (
        <Suspense fallback={null}>
          <MyTests />
        </Suspense>
      )}

      <HowItWorks />

      <section className="landing__section" aria-labelledby="subjects-title">
        <div className="section-head">
          <h2 id="subjects-title">{student ? t`Subjects for students` : t`Subjects for tutors`}</h2>
          <Link href={paths.tests(role)} className="section-head__link">
            {t`All tests`}
          </Link>
        </div>
        <SubjectCards audience={role} subjects={subjects} headingLevel={3} />
      </section>
    </div>
  );
}

/** "4 subjects · 12 tests", from the same list the cards show. */
function AudienceFacts({ role }: { role: Role }) {
  const locale = useLocale();
  const { data } = useLandingSubjects();
  if (!data) return null;
  const subjects = data.filter((subject) => subject.audience === role);
  if (subjects.length === 0) return null;
  const tests = subjects.reduce((sum, subject) => sum + subject.lesson_count, 0);
  const subjectsForm = pluralForm(locale, subjects.length);
  const subjectsText = formatNumber(locale, subjects.length);
  const testsForm = pluralForm(locale, tests);
  const testsText = formatNumber(locale, tests);
  return (
    <ul className="hero__facts">
      <li>
        <Select value={subjectsForm} _one={`${subjectsText} subject`} other={`${subjectsText} subjects`} />
      </li>
      <li>
        <Select value={testsForm} _one={`${testsText} test`} other={`${testsText} tests`} />
      </li>
    </ul>
  );
}
