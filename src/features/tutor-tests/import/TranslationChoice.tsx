import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, type Locale, SWITCHER_ORDER } from '../../../i18n/locales.ts';
import { CheckField, Field } from '../../../shared/forms/Field.tsx';

interface TranslationChoiceProps {
  files: readonly File[];
  /** Whether the files after the first are its translations. */
  together: boolean;
  onTogether: (together: boolean) => void;
  /** A later file's language, by its index. */
  languageOf: (index: number) => Locale;
  onLanguage: (index: number, language: Locale) => void;
}

/** Several files as one test in several languages: the first file's test, the others its translations. */
export function TranslationChoice({ files, together, onTogether, languageOf, onLanguage }: TranslationChoiceProps) {
  const { t } = useLingui();
  if (files.length < 2) return null;
  return (
    <fieldset className="import-dialog__translations">
      <legend>{t`Several languages`}</legend>
      <CheckField
        id="import-together"
        checked={together}
        onChange={onTogether}
        label={t`One test: the other files are translations of the first`}
      />
      {together &&
        files.slice(1).map((file, at) => {
          const index = at + 1;
          const id = `import-translation-${index}`;
          return (
            <Field key={`${file.name}-${index}`} id={id} label={t`Language of ${file.name}`}>
              <select
                id={id}
                value={languageOf(index)}
                onChange={(event) => onLanguage(index, event.currentTarget.value as Locale)}
              >
                {SWITCHER_ORDER.map((code) => (
                  <option key={code} value={code}>
                    {LANGUAGE_NAMES[code]}
                  </option>
                ))}
              </select>
            </Field>
          );
        })}
    </fieldset>
  );
}
