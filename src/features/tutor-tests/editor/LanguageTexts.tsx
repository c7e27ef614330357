import { useLingui } from '@lingui/react/macro';
import { hasTex } from '../../../../contract/tex.ts';
import type { DraftText } from '../../../../contract/tutor-tests.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { RichText } from '../../../shared/ui/rich-text/RichText.tsx';
import { fieldId } from './field-id.ts';
import { useLanguageNames } from './language-names.ts';

interface LanguageTextsProps {
  /** The field's name for people: "Title", "Question". */
  label: string;
  /** The field's path in the draft, for its ids. */
  path: string;
  value: DraftText | undefined;
  languages: readonly Locale[];
  onChange: (value: DraftText) => void;
  multiline?: boolean;
  /** An optional text (an explanation) is not flagged while it is empty in every language. */
  optional?: boolean;
}

/**
 * One text in each of the test's languages. The primary language's text is shown beside each
 * other one, and a translation still missing is marked where it is missing. A text with a formula
 * shows it rendered below as the taker will see it, and a formula that does not parse says why.
 */
export function LanguageTexts({ label, path, value, languages, onChange, multiline, optional }: LanguageTextsProps) {
  const { t } = useLingui();
  const names = useLanguageNames();
  const [primary] = languages;
  const text = value ?? {};
  const started = languages.some((l) => (text[l] ?? '').trim());
  return (
    <div className="language-texts">
      {languages.map((language) => {
        const id = fieldId(`${path}.${language}`);
        const own = text[language] ?? '';
        const primaryText = primary ? (text[primary] ?? '') : '';
        const missing = !own.trim() && (!optional || started);
        const noteId = `${id}-note`;
        const Input = multiline ? 'textarea' : 'input';
        return (
          <div className="language-texts__field" key={language}>
            <label htmlFor={id}>
              {label} <span className="language-texts__tag">({names[language]})</span>
            </label>
            {language !== primary && primaryText.trim() && (
              <p className="language-texts__primary" lang={primary}>
                {primaryText}
              </p>
            )}
            <Input
              id={id}
              lang={language}
              value={own}
              rows={multiline ? 3 : undefined}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? noteId : undefined}
              onChange={(event) => onChange({ ...text, [language]: event.currentTarget.value })}
            />
            {hasTex(own) && (
              <div className="language-texts__preview" lang={language}>
                <span className="language-texts__tag">{t`Preview:`}</span> <RichText text={own} explainErrors />
              </div>
            )}
            {missing && (
              <p className="language-texts__missing" id={noteId}>
                {language === primary ? t`Not written yet` : t`Translation missing`}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
