import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useLocale } from '../i18n/locale-context.tsx';
import { absolute, paths } from '../shared/routing/paths.ts';
import { LanguageMenu } from './LanguageMenu.tsx';

export function Header() {
  const { t } = useLingui();
  const locale = useLocale();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t`Skip to content`}
      </a>
      <div className="site-header__inner">
        <Link href={`~${absolute(locale, paths.home('student'))}`} className="brand">
          <span className="brand__mark" aria-hidden="true" />
          {t`Zalik`}
        </Link>
        <nav className="site-nav" aria-label={t`Main`}>
          <Link href={`~${absolute(locale, paths.home('student'))}`}>{t`Students`}</Link>
          <Link href={`~${absolute(locale, paths.home('tutor'))}`}>{t`Tutors`}</Link>
        </nav>
        <LanguageMenu />
      </div>
    </header>
  );
}
