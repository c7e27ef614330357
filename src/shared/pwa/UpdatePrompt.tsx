import { useLingui } from '@lingui/react/macro';
import { useId, useSyncExternalStore } from 'react';
import { type UpdateStore, updateStore } from './update-store.ts';
import './update-prompt.css';

/**
 * A polite, non-blocking card (bottom corner, no focus taken) when a new build of Zalik is ready.
 * "Update now" applies it (or, while a test runs, says it will come after the test); "Later" hides it.
 */
export function UpdatePrompt({ store = updateStore }: { store?: UpdateStore }) {
  const { t } = useLingui();
  const titleId = useId();
  const { phase, dismissed } = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const visible = phase !== 'none' && !dismissed;

  return (
    <div className="update-prompt-region" aria-live="polite">
      {visible && (
        <section className="update-prompt" aria-labelledby={titleId}>
          <p className="update-prompt__title" id={titleId}>{t`A new version of Zalik is ready`}</p>
          {phase === 'deferred' && (
            <p className="update-prompt__text">{t`Zalik will update when your test is over.`}</p>
          )}
          {phase === 'applying' && <p className="update-prompt__text">{t`Updating Zalik…`}</p>}
          {phase === 'ready' && (
            <div className="update-prompt__actions">
              <button type="button" className="button button--primary" onClick={store.request}>
                {t`Update now`}
              </button>
              <button type="button" className="button button--secondary" onClick={store.dismiss}>
                {t`Later`}
              </button>
            </div>
          )}
          {phase === 'deferred' && (
            <div className="update-prompt__actions">
              <button type="button" className="button button--secondary" onClick={store.dismiss}>
                {t`Hide`}
              </button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
