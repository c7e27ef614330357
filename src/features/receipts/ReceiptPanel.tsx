import { useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { useLocale } from '../../i18n/locale-context.tsx';
import { saveFile } from '../../shared/files/save-file.ts';
import { lazyPage } from '../../shared/pwa/index.ts';
import { useReceipt } from './use-receipt.ts';
import './receipts.css';

const QrCode = lazyPage(() => import('../../shared/ui/QrCode.tsx'));

/**
 * The attempt's signed receipt on its results: its short code, a QR code of the address that checks
 * it, and the receipt as a file to keep. Kept on this device as soon as it arrives, so it is here
 * offline and after a reload; while the finish is still on its way, says the receipt follows it.
 */
export function ReceiptPanel({ uuid, apiToken }: { uuid: string; apiToken: string | null }) {
  const { t } = useLingui();
  const locale = useLocale();
  const { kept, waiting } = useReceipt(uuid, apiToken);
  if (!kept && !waiting) return null;
  const link = kept ? `${window.location.origin}/${locale}/verify?attempt=${uuid}&code=${kept.code}` : '';
  return (
    <section className="receipt" aria-labelledby="receipt-title" data-testid="receipt">
      <h2 id="receipt-title" className="receipt__title">
        {t`Your receipt`}
      </h2>
      {!kept ? (
        <p role="status">{t`The server signs a receipt of your answers once it has your finish: it comes here by itself.`}</p>
      ) : (
        <>
          <p>{t`The server signed exactly the answers it stored for this test. Keep the code or the file: your tutor, or anyone, can check them against what is stored.`}</p>
          <p className="receipt__code" data-testid="receipt-code">
            {kept.code}
          </p>
          <Suspense fallback={null}>
            <QrCode text={link} label={t`QR code to check this receipt: ${link}`} />
          </Suspense>
          <p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                saveFile(
                  `zalik-receipt-${kept.code}.json`,
                  new Blob([JSON.stringify(kept.receipt, null, 2)], { type: 'application/json' }),
                )
              }
            >
              {t`Save the receipt (file)`}
            </button>
          </p>
        </>
      )}
    </section>
  );
}
