import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { LanguageButton } from '../features/language/LanguageButton.tsx';
import { AuthMenu } from './AuthMenu.tsx';

/**
 * The compact header's one button (a disclosure): the language and the account, out of the way of a
 * running test until asked for. Escape closes it and gives the focus back to its button, as does a
 * click outside it; a modal opened from it (the language switcher, sign-in) keeps it open beneath.
 */
export function HeaderMenu() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // A modal above the menu handles its own Escape.
      if (event.key !== 'Escape' || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && !root.current?.contains(target) && !(target as Element).closest?.('[role="dialog"]')) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="header-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="header-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <svg className="header-menu__icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <path d="M3 5.5h14M3 10h14M3 14.5h14" />
        </svg>
        {t`Menu`}
      </button>
      <section id={panelId} className="header-menu__panel" hidden={!open} aria-label={t`Language and account`}>
        <LanguageButton />
        <AuthMenu />
      </section>
    </div>
  );
}
