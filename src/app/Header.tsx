import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { LanguageButton } from '../features/language/LanguageButton.tsx';
import { paths } from '../shared/routing/paths.ts';
import { useCompactHeader } from '../shared/ui/compact-header.ts';
import { AuthMenu } from './AuthMenu.tsx';
import { HeaderMenu } from './HeaderMenu.tsx';

export function Header() {
  const { t } = useLingui();
  const [location] = useLocation();
  // A section counts as current on its own pages too: the tutor catalog belongs to "Tutors".
  const section = location.startsWith('/tutor') || location.startsWith('/test-tutor') ? 'tutor' : 'student';
  const inCatalog = /^\/(?:student|tutor|test-)/.test(location);
  const current = (role: 'student' | 'tutor') => (inCatalog && section === role ? 'page' : undefined);
  const compact = useCompactHeader();
  const brand = (
    <Link href={paths.home('student')} className="brand">
      <span className="brand__mark" aria-hidden="true" />
      {t`Zalik`}
    </Link>
  );

  // While a test runs: one row, the brand and a menu with the language and the account.
  if (compact) {
    return (
      <header className="site-header">
        <div className="site-header__inner site-header__inner--compact">
          {brand}
          <HeaderMenu />
        </div>
      </header>
    );
  }

  return (
    <header className="site-header">
      <div className="site-header__inner">
        {brand}
        <nav className="site-nav" aria-label={t`Main`}>
          <Link href={paths.home('student')} aria-current={current('student')}>{t`Students`}</Link>
          <Link href={paths.home('tutor')} aria-current={current('tutor')}>{t`Tutors`}</Link>
        </nav>
        <AuthMenu />
        <LanguageButton />
      </div>
    </header>
  );
}
