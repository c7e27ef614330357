import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useAuth } from '../../shared/auth/auth.ts';
import { RequireAuth } from '../account/RequireAuth.tsx';

/** A tutor's own pages: a visitor signs in first; a student is told these are for tutors. */
export function RequireTutor({ title, children }: { title: string; children: ReactNode }) {
  return (
    <RequireAuth>
      <TutorsOnly title={title}>{children}</TutorsOnly>
    </RequireAuth>
  );
}

function TutorsOnly({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useLingui();
  const { user } = useAuth();
  if (user?.role === 'tutor') return children;
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p>{t`Only tutors can write tests. Sign in with a tutor account.`}</p>
    </section>
  );
}
