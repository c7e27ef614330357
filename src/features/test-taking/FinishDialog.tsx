import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';

/**
 * The confirm step before finishing, in the 380 px notice modal. Focus starts on "Keep
 * answering", the safe choice; while the finish call runs nothing can close it.
 */
export function FinishDialog({
  open,
  answered,
  total,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  answered: number;
  total: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const answeredText = formatNumber(locale, answered);
  const totalText = formatNumber(locale, total);
  const unanswered = total - answered;

  return (
    <Modal
      open={open}
      onClose={onCancel}
      dismissible={!busy}
      size="notice"
      title={t`Finish the test?`}
      subtitle={t`Questions answered: ${answeredText} of ${totalText}.`}
    >
      <p className="modal__text">
        {unanswered > 0 ? `${t`Unanswered questions score no points.`} ` : ''}
        {t`Once finished, the answers cannot be changed.`}
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {t`Keep answering`}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
          {busy ? t`Finishing…` : t`Yes, finish`}
        </button>
      </div>
    </Modal>
  );
}
