import { useLingui } from '@lingui/react/macro';
import type { Receipt, ReceiptCheck } from '../../../contract/receipts.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';

/** What a check of a receipt found, in words, and what the receipt says of its attempt. */
export function CheckVerdict({ receipt, check }: { receipt: Receipt; check: ReceiptCheck }) {
  const { t } = useLingui();
  const locale = useLocale();
  const when = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(ms);
  const signedAt = when(receipt.signed_at);
  const count = formatNumber(locale, receipt.answers.count);
  const ok = check.signature === 'valid' && check.stored === 'matches';
  const changeWords = (change: ReceiptCheck['differences'][number]['change']) =>
    change === 'changed'
      ? t`changed since the receipt`
      : change === 'missing'
        ? t`no longer stored`
        : t`stored after the receipt`;
  return (
    <div className="verify__verdict" data-testid="receipt-verdict">
      <div className={`verify__result verify__result--${ok ? 'ok' : 'bad'}`} role="status">
        {check.signature === 'invalid' && (
          <p>{t`Not signed by this server: the receipt was changed after it was signed, or made up.`}</p>
        )}
        {check.signature === 'unknown_key' && (
          <p>{t`Not signed by this server: its key is not one this server has ever used.`}</p>
        )}
        {check.stored === 'matches' && (
          <p>{t`Signed by this server, and it matches what is stored: all ${count} answers as they were at ${signedAt}.`}</p>
        )}
        {check.stored === 'gone' && (
          <p>{t`Signed by this server, but the attempt is no longer stored (removed on request or after its time).`}</p>
        )}
        {check.stored === 'differs' && (
          <>
            <p>{t`Signed by this server, but these answers differ from what is stored:`}</p>
            <ul>
              {check.differences.map((d) => (
                <li key={d.question}>
                  {d.number === null
                    ? t`Question “${d.question}”: ${changeWords(d.change)}`
                    : t`Question ${formatNumber(locale, d.number)}: ${changeWords(d.change)}`}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {check.score_changed && (
        <p className="notice notice--info">
          {t`The score changed after the receipt (by hand marks or a re-score; now ${formatNumber(locale, check.score_now ?? 0)}): marks change, never the answers the receipt covers.`}
        </p>
      )}
      <dl className="verify__facts">
        <dt>{t`Attempt`}</dt>
        <dd>{receipt.attempt}</dd>
        <dt>{t`Test`}</dt>
        <dd>{receipt.assignment ? `${receipt.lesson} (${receipt.assignment})` : receipt.lesson}</dd>
        <dt>{t`Finished`}</dt>
        <dd>{when(receipt.finished_at)}</dd>
        {receipt.score !== null && receipt.max_score !== null && (
          <>
            <dt>{t`Score`}</dt>
            <dd>{t`${formatNumber(locale, receipt.score)} of ${formatNumber(locale, receipt.max_score)}`}</dd>
          </>
        )}
        <dt>{t`Signed`}</dt>
        <dd>{signedAt}</dd>
      </dl>
    </div>
  );
}
