import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useLocale } from '../../i18n/locale-context.tsx';
import { LANGUAGE_NAMES, LOCALE_TAGS, type Locale, SWITCHER_ORDER } from '../../i18n/locales.ts';
import { auth } from '../../shared/auth/auth.ts';
import { samePageIn } from '../../shared/routing/paths.ts';
import { LanguageFlag } from '../../shared/ui/flags/index.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';

/**
 * The language switcher: each language with its flag and its own name, a check mark on
 * the current one. The options are links to the same page under the other prefix, so they also
 * open in a new tab; following one switches the language here and closes the modal.
 */
export default function LanguageModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const current = useLocale();
  const currentLink = useRef<HTMLAnchorElement>(null);
  // Under `/{lang}` wouter gives the path after the prefix; the language goes in front of it.
  const [location] = useLocation();
  const search = useSearch();
  const hash = typeof window === 'undefined' ? '' : window.location.hash;

  // Up and Down (and Home, End) walk the list, as in a menu; Tab still works as everywhere.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const links = Array.from(event.currentTarget.querySelectorAll('a'));
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: links.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    links[(next + links.length) % links.length]?.focus();
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t`Choose a language`}
      size="notice"
      initialFocus={currentLink}
      className="language-modal"
    >
      <ul className="language-list" onKeyDown={onKeyDown}>
        {SWITCHER_ORDER.map((locale: Locale) => {
          const isCurrent = locale === current;
          return (
            <li key={locale}>
              <Link
                ref={isCurrent ? currentLink : undefined}
                href={`~${samePageIn(locale, `/${current}${location}`, search, hash)}`}
                className="language-list__option"
                lang={LOCALE_TAGS[locale]}
                hrefLang={LOCALE_TAGS[locale]}
                aria-current={isCurrent ? 'true' : undefined}
                onClick={() => {
                  // Signed in, the account keeps the choice; otherwise the locale cookie does (LocaleShell).
                  auth.changeLocale(locale);
                  onClose();
                }}
              >
                <LanguageFlag locale={locale} />
                <span className="language-list__name">{LANGUAGE_NAMES[locale]}</span>
                {isCurrent && (
                  <svg className="language-list__check" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                    <path
                      d="M4.5 10.5 8.5 14.5 15.5 6"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
