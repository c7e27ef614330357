import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';

/**
 * The confirm step before finishing. A native modal <dialog>: focus starts on its first button
 * ("Keep answering", the safe choice), stays inside, Escape cancels and the page behind is
 * inert, all without code of ours.
 */
export function FinishDialog({
  answered,
  total,
  busy,
  onConfirm,
  onCancel,
}: {
  answered: number;
  total: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const answeredText = formatNumber(locale, answered);
  const totalText = formatNumber(locale, total);
  const unanswered = total - answered;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom and old browsers have no showModal; an open dialog still works there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => dialog.close?.();
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`} className="dialog__title">
        {t`Finish the test?`}
      </h2>
      <p id={`${id}-text`}>
        {t`Questions answered: ${answeredText} of ${totalText}.`}{' '}
        {unanswered > 0 ? t`Unanswered questions score no points.` : ''}{' '}
        {t`Once finished, the answers cannot be changed.`}
      </p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {t`Keep answering`}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
          {busy ? t`Finishing…` : t`Yes, finish`}
        </button>
      </div>
    </dialog>
  );
}
