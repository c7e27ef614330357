import { useLingui } from '@lingui/react/macro';
import { type ChangeEvent, useEffect, useState } from 'react';
import { is } from 'superstruct';
import { Link, useSearchParams } from 'wouter';
import { type CodeCheck, Receipt } from '../../../contract/receipts.ts';
import { useAuth } from '../../shared/auth/auth.ts';
import { describedBy, Field } from '../../shared/forms/Field.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { CheckVerdict } from './CheckVerdict.tsx';
import { checkReceipt, checkReceiptCode, claimAttempt } from './receipts-api.ts';
import './receipts.css';

/**
 * `/{lang}/verify`: checks a signed receipt against what this server stores — a receipt file
 * chosen here, or (`?attempt=&code=`, the results' QR code) the server's own copy of it. Signed in,
 * its holder may put the attempt into their account from here, on any device.
 */
export default function VerifyPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Check a receipt` });
  const [search] = useSearchParams();
  const { user } = useAuth();
  const checking = useAction();
  const claiming = useAction();
  const [found, setFound] = useState<CodeCheck | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [claimed, setClaimed] = useState<string | null>(null);
  const attempt = search.get('attempt');
  const code = search.get('code');

  // Once per address: the action's own state is no reason to ask again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once per attempt and code.
  useEffect(() => {
    if (!attempt || !code) return;
    void checking.run(async () => setFound(await checkReceiptCode(attempt, code)));
  }, [attempt, code]);

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    setFound(null);
    setFileError(undefined);
    const file = event.target.files?.[0];
    if (!file) return;
    let receipt: unknown;
    try {
      receipt = JSON.parse(await file.text());
    } catch {
      receipt = null;
    }
    if (!is(receipt, Receipt)) return setFileError(t`This file is not a Zalik receipt.`);
    await checking.run(async () => setFound({ receipt, check: await checkReceipt(receipt) }));
  };

  const hint = t`The file the results page saved (zalik-receipt-….json).`;
  const canClaim = user && found?.check.signature === 'valid' && found.check.stored !== 'gone' && !claimed;
  return (
    <section className="page page--narrow verify" aria-labelledby="page-title">
      <h1 id="page-title">{t`Check a receipt`}</h1>
      <p>{t`A receipt holds the server's signature over exactly the answers it stored for one attempt. Checking it says whether it is this server's, and whether those answers are still stored as they were.`}</p>
      <Field id="receipt-file" label={t`Receipt file`} hint={hint} error={fileError}>
        <input
          id="receipt-file"
          type="file"
          accept="application/json,.json"
          aria-describedby={describedBy('receipt-file', { hint, error: fileError })}
          aria-invalid={fileError ? true : undefined}
          onChange={chosen}
        />
      </Field>
      {checking.busy && <p role="status">{t`Checking…`}</p>}
      {found && <CheckVerdict receipt={found.receipt} check={found.check} />}
      {canClaim && (
        <p>
          <button
            type="button"
            className="button button--secondary"
            disabled={claiming.busy}
            onClick={() =>
              claiming.run(async () => setClaimed((await claimAttempt(found.receipt)).uuid), {
                done: t`The result is in your account.`,
              })
            }
          >
            {t`Put this result into my account`}
          </button>
        </p>
      )}
      {claimed && (
        <p>
          <Link href={paths.passedTest(claimed)}>{t`Open it in your account`}</Link>
        </p>
      )}
    </section>
  );
}
