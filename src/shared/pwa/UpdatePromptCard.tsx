import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { UpdatePhase, UpdateStore } from './update-store.ts';
import './update-prompt.css';

/** The card of <UpdatePrompt />: its own chunk, loaded only when a new build is actually offered. */
export default function UpdatePromptCard({
  store,
  phase,
}: {
  store: UpdateStore;
  phase: Exclude<UpdatePhase, 'none'>;
}) {
  const { t } = useLingui();
  const titleId = useId();
  return (
    <section className="update-prompt" aria-labelledby={titleId}>
      <p className="update-prompt__title" id={titleId}>{t`A new version of Zalik is ready`}</p>
      {phase === 'deferred' && <p className="update-prompt__text">{t`Zalik will update when your test is over.`}</p>}
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
  );
}
