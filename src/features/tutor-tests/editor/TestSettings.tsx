import { useLingui } from '@lingui/react/macro';
import { LESSON_LIMITS } from '../../../../contract/content.ts';
import type { TestDraft } from '../../../../contract/tutor-tests.ts';
import { LOCALES, type Locale } from '../../../i18n/locales.ts';
import { NumberInput } from '../../../shared/forms/number-field/NumberInput.tsx';
import { useSpecializations, useSubjects } from '../../catalog/catalog-api.ts';
import { fieldId } from './field-id.ts';
import { LanguageTexts } from './LanguageTexts.tsx';
import { useLanguageNames } from './language-names.ts';

/** The test as a whole: its languages, title, description, duration and place in the catalog. */
export function TestSettings({ draft, onChange }: { draft: TestDraft; onChange: (draft: TestDraft) => void }) {
  const { t } = useLingui();
  const names = useLanguageNames();
  const languages = draft.languages as Locale[];
  const [primary] = languages;
  const toggle = (language: Locale, on: boolean) => {
    const next = on ? [...languages, language] : languages.filter((l) => l !== language);
    // A test keeps at least one language: the last one cannot be taken away.
    if (next.length > 0) onChange({ ...draft, languages: next });
  };
  const makePrimary = (language: Locale) =>
    onChange({ ...draft, languages: [language, ...languages.filter((l) => l !== language)] });
  const minutes = Math.round(draft.duration_seconds / 60);
  return (
    <section className="editor-section" aria-labelledby="settings-title">
      <h2 id="settings-title">{t`About the test`}</h2>
      <fieldset className="editor-languages" id={fieldId('languages')}>
        <legend>{t`Languages of the test`}</legend>
        {LOCALES.map((language) => (
          <div key={language} className="editor-languages__row">
            <label>
              <input
                type="checkbox"
                checked={languages.includes(language)}
                disabled={languages.length === 1 && languages.includes(language)}
                onChange={(event) => toggle(language, event.currentTarget.checked)}
              />
              {names[language]}
            </label>
            <label>
              <input
                type="radio"
                name="primary-language"
                checked={primary === language}
                disabled={!languages.includes(language)}
                onChange={() => makePrimary(language)}
              />
              {t`Primary`}
            </label>
          </div>
        ))}
      </fieldset>
      <LanguageTexts
        label={t`Title`}
        path="title"
        value={draft.title}
        languages={languages}
        onChange={(title) => onChange({ ...draft, title })}
      />
      <LanguageTexts
        label={t`Description`}
        path="description"
        value={draft.description}
        languages={languages}
        multiline
        onChange={(description) => onChange({ ...draft, description })}
      />
      <div className="editor-row">
        <label htmlFor={fieldId('duration_seconds')}>{t`Duration, minutes`}</label>
        <NumberInput
          id={fieldId('duration_seconds')}
          className="field__input--number"
          whole
          min={LESSON_LIMITS.minDuration / 60}
          max={LESSON_LIMITS.maxDuration / 60}
          empty="null"
          value={minutes || null}
          onValue={(value) => onChange({ ...draft, duration_seconds: (value ?? 0) * 60 })}
        />
      </div>
      <CatalogPlace draft={draft} onChange={onChange} />
    </section>
  );
}

/** A subject and a specialization of the catalog, or none: the test is private either way. */
function CatalogPlace({ draft, onChange }: { draft: TestDraft; onChange: (draft: TestDraft) => void }) {
  const { t } = useLingui();
  const subjects = useSubjects();
  const specializations = useSpecializations(draft.subject ?? '');
  const subjectId = fieldId('subject');
  const specId = fieldId('specialization');
  return (
    <div className="editor-row">
      <label htmlFor={subjectId}>{t`Subject (optional)`}</label>
      <select
        id={subjectId}
        value={draft.subject ?? ''}
        onChange={(event) => {
          const subject = event.currentTarget.value || null;
          onChange({ ...draft, subject, specialization: null });
        }}
      >
        <option value="">{t`None`}</option>
        {(subjects.data ?? []).map((s) => (
          <option key={s.slug} value={s.slug}>
            {s.title}
          </option>
        ))}
      </select>
      <label htmlFor={specId}>{t`Specialization`}</label>
      <select
        id={specId}
        value={draft.specialization ?? ''}
        disabled={!draft.subject}
        onChange={(event) => onChange({ ...draft, specialization: event.currentTarget.value || null })}
      >
        <option value="">{t`None`}</option>
        {(draft.subject ? (specializations.data ?? []) : []).map((s) => (
          <option key={s.slug} value={s.slug}>
            {s.title}
          </option>
        ))}
      </select>
    </div>
  );
}
