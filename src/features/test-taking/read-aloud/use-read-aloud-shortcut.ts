import { useEffect } from 'react';

/**
 * Alt+Shift+R presses the read-aloud button of the question the keyboard is in (else the first
 * on screen): one way to read, whichever way it is asked for. By the key's place, not its letter,
 * so it works in a Cyrillic layout too.
 */
export function useReadAloudShortcut() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey || event.code !== 'KeyR') return;
      const focused = document.activeElement?.closest('[data-question]');
      const question = focused ?? document.querySelector('[data-question]');
      const button = question?.querySelector<HTMLButtonElement>('[data-read-aloud]');
      if (!button) return;
      event.preventDefault();
      button.click();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
