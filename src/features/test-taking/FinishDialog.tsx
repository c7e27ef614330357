import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { ConfirmDialog } from '../../shared/forms/ConfirmDialog.tsx';

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
    <ConfirmDialog
      open={open}
      title={t`Finish the test?`}
      subtitle={t`Questions answered: ${answeredText} of ${totalText}.`}
      confirmLabel={t`Yes, finish`}
      cancelLabel={t`Keep answering`}
      busy={busy}
      busyLabel={t`Finishing…`}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {unanswered > 0 ? `${t`Unanswered questions score no points.`} ` : ''}
      {t`Once finished, the answers cannot be changed.`}
    </ConfirmDialog>
  );
}
