import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useLocale } from '../i18n/locale-context.tsx';
import { legalDocumentPath, paths } from '../shared/routing/paths.ts';

export function Footer() {
  const { t } = useLingui();
  const locale = useLocale();
  const year = String(new Date().getFullYear());
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__note">{t`© ${year} Zalik. Timed tests that survive bad Wi-Fi.`}</p>
        <nav aria-label={t`Site`}>
          <ul className="site-footer__links">
            <li>
              <Link href={paths.contacts()}>{t`Contacts`}</Link>
            </li>
            <li>
              {/* Static documents, one per language: plain links, outside the app's router. */}
              <a href={legalDocumentPath(locale, 'terms')}>{t`Terms of use`}</a>
            </li>
            <li>
              <a href={legalDocumentPath(locale, 'privacy')}>{t`Privacy policy`}</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
