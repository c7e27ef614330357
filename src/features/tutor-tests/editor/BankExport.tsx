import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ExportFormat } from '../../../../contract/question-banks.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { Field } from '../../../shared/forms/Field.tsx';
import { useLanguageNames } from './language-names.ts';

interface BankExportProps {
  /** The test's languages, its primary one first. */
  languages: readonly Locale[];
  busy: boolean;
  exportAs: (format: ExportFormat, language: Locale) => void;
}

/** Writing the test out for another system (Moodle, or one that reads QTI 2.1), in one of its languages. */
export function BankExport({ languages, busy, exportAs }: BankExportProps) {
  const { t } = useLingui();
  const names = useLanguageNames();
  const [picked, setPicked] = useState<Locale | undefined>(languages[0]);
  // The test's languages may change while the editor is open: a language it no longer has is not offered.
  const language = picked && languages.includes(picked) ? picked : languages[0];
  if (!language) return null;
  return (
    <fieldset className="bank-export">
      <legend>{t`Export for other systems`}</legend>
      {languages.length > 1 && (
        <Field id="bank-export-language" label={t`Language of the exported questions`}>
          <select
            id="bank-export-language"
            value={language}
            onChange={(event) => setPicked(event.currentTarget.value as Locale)}
          >
            {languages.map((code) => (
              <option key={code} value={code}>
                {names[code]}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="publish-panel__buttons">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => exportAs('moodle-xml', language)}
          disabled={busy}
        >
          {t`Export as Moodle XML`}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => exportAs('qti', language)}
          disabled={busy}
        >
          {t`Export as QTI 2.1`}
        </button>
      </div>
    </fieldset>
  );
}
