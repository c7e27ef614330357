import { useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { useLocale } from '../../i18n/locale-context.tsx';
import { LANGUAGE_NAMES, LOCALE_TAGS } from '../../i18n/locales.ts';
import { ProgressWhileMounted } from '../../shared/progress/PageProgress.tsx';
import { lazyPage } from '../../shared/pwa/lazy-page.ts';
import { ErrorBoundary } from '../../shared/ui/ErrorBoundary.tsx';

const loadModal = () => import('./LanguageModal.tsx');
const LanguageModal = lazyPage(loadModal);

/**
 * The header's language button: the current language, opening the switcher modal. The modal's
 * code is fetched when a pointer or focus comes near the button, not with the first page.
 */
export function LanguageButton() {
  const { t } = useLingui();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const name = LANGUAGE_NAMES[locale];
  const preload = () => {
    loadModal().catch(() => undefined);
  };

  return (
    <>
      <button
        type="button"
        className="language-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t`Language: ${name}`}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {/* A globe rather than the flag: the flags' drawings come with the modal, not the first page. */}
        <svg className="language-button__globe" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <path d="M2.5 10h15M10 2.5c2.2 2.4 2.2 12.6 0 15s-2.2-12.6 0-15a7.5 7.5 0 1 0 0 15 7.5 7.5 0 0 0 0-15" />
        </svg>
        <span className="language-button__name" lang={LOCALE_TAGS[locale]}>
          {name}
        </span>
      </button>
      {wanted && (
        <ErrorBoundary>
          <Suspense fallback={<ProgressWhileMounted />}>
            <LanguageModal open={open} onClose={() => setOpen(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
