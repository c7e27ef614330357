import { Select, useLingui } from '@lingui/react/macro';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { Modal } from '../../shared/ui/Modal.tsx';

/**
 * The test-finished and test-timeout notices (380 px). They open once the finish is safely
 * queued on this device, connection or not; "See results" leads on, where results not yet
 * confirmed by the server show as pending.
 */
export function FinishNotice({
  reason,
  waiting,
  refusal,
  refusedCount,
  onConfirm,
}: {
  reason: 'manual' | 'timeout';
  waiting: number;
  refusal: string | null;
  /** Answers the server turned down (made after the deadline): said plainly here too. */
  refusedCount: number;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const refusedForm = pluralForm(locale, refusedCount);
  const refusedText = formatNumber(locale, refusedCount);
  return (
    <Modal
      open
      onClose={onConfirm}
      dismissible={false}
      size="notice"
      title={reason === 'manual' ? t`Test finished` : t`Time is up`}
    >
      <p className="modal__text">
        {refusal
          ? t`The server did not accept the finish: ${refusal}`
          : waiting > 0
            ? t`Your answers are kept on this device and will be sent as soon as there is a connection.`
            : t`Your answers have been sent.`}
      </p>
      {refusedCount > 0 && (
        <p className="modal__text" role="alert">
          <Select
            value={refusedForm}
            _one={`${refusedText} answer was not accepted by the server.`}
            other={`${refusedText} answers were not accepted by the server.`}
          />
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {t`See results`}
        </button>
      </div>
    </Modal>
  );
}
