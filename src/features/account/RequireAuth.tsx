import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useLocale } from '../../i18n/locale-context.tsx';
import { useAuth } from '../../shared/auth/auth.ts';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';

/**
 * The account area requires authentication: a visitor is sent to the login
 * (the student page with the login modal open), keeping the current path as `redirect`.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { status } = useAuth();
  const locale = useLocale();
  const [path] = useLocation();
  const search = useSearch();

  if (status === 'loading') {
    return (
      <section className="page page--narrow" aria-labelledby="page-title">
        <h1 id="page-title">{t`Your account`}</h1>
        <LoadingState />
      </section>
    );
  }
  if (status === 'unauthenticated') {
    const redirect = `${path}${search ? `?${search}` : ''}`;
    const query = new URLSearchParams({ auth: 'login', redirect });
    return <Redirect to={`~/${locale}/student?${query}`} replace />;
  }
  return children;
}
