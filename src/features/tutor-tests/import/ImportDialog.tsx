import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { ImportResult } from '../../../../contract/question-banks.ts';
import { useLocale } from '../../../i18n/locale-context.tsx';
import { LANGUAGE_NAMES, type Locale, SWITCHER_ORDER } from '../../../i18n/locales.ts';
import { Choices, describedBy, Field } from '../../../shared/forms/Field.tsx';
import { useAction } from '../../../shared/forms/use-action.ts';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { importTests } from '../tutor-tests-api.ts';
import { ImportReport } from './ImportReport.tsx';
import { readImportFiles } from './read-import-files.ts';
import { TemplateLinks } from './TemplateLinks.tsx';
import { TranslationChoice } from './TranslationChoice.tsx';
import './import-dialog.css';

const FILES_ID = 'import-files';

/**
 * Importing tests from files: Zalik's own, or another system's question bank (recognised by the
 * server from each file's content), in the language the tutor says the questions are written in.
 * Nothing is imported unless every file can be; afterwards the report says, file by file, what was
 * taken, skipped and changed.
 */
export function ImportDialog({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { busy, run, fieldMessages, clear } = useAction();
  const [sent, setSent] = useState<string[]>([]);
  const [language, setLanguage] = useState<Locale>(locale);
  const [chosen, setChosen] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [together, setTogether] = useState(false);
  const [languages, setLanguages] = useState<Record<number, Locale>>({});
  const hint = t`Zalik lesson files, Moodle XML, GIFT, Aiken, QTI 2.1/2.2 (an item or a .zip package), or a CSV or XLSX spreadsheet: each file becomes a new draft.`;

  /** A translation's language: the one picked, or by default the next one the test does not have yet. */
  const languageOf = (index: number): Locale => {
    const others = SWITCHER_ORDER.filter((code) => code !== language);
    return languages[index] ?? others[(index - 1) % others.length] ?? language;
  };

  const reset = () => {
    setTogether(false);
    setLanguages({});
    setChosen([]);
    setProblems([]);
    setResult(null);
    setSent([]);
    clear();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    clear();
    const read = await readImportFiles(chosen);
    if (read.tooLarge.length) {
      setProblems(read.tooLarge.map((name) => t`${name}: this file is larger than 24 MB`));
      return;
    }
    if (read.tooLargeTogether) {
      setProblems([t`These files together are larger than 24 MB: import them in smaller groups`]);
      return;
    }
    // Translations name the first file, each in its own language.
    const files = read.files.map((file, index) =>
      together && index > 0 ? { ...file, language: languageOf(index), translates: 0 } : file,
    );
    setSent(read.files.map((file) => file.name));
    // A refusal's problems are listed in the dialog, each said with its file's name (below).
    const made = await run(() => importTests(files, language), { fields: () => true });
    if (made) {
      setResult(made);
      onImported();
    }
  };

  // A problem is at `files.<n>` or `files.<n>.<field>`, said with the file's own name, or at
  // `files` (the files together), said alone.
  const refused = Object.entries(fieldMessages).flatMap(([field, messages]) => {
    const [, index, ...rest] = field.split('.');
    if (index === undefined) return messages;
    const file = sent[Number(index)] ?? field;
    return messages.map((message) => (rest.length ? `${file}: ${rest.join('.')}: ${message}` : `${file}: ${message}`));
  });
  const shown = [...problems, ...refused];

  return (
    <Modal open={open} onClose={onClose} onClosed={reset} dismissible={!busy} title={t`Import tests from files`}>
      {result ? (
        <>
          <ImportReport result={result} />
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              {t`Done`}
            </button>
          </div>
        </>
      ) : (
        <form className="import-dialog" onSubmit={submit} aria-busy={busy}>
          <Choices
            name="import-language"
            legend={t`The questions are written in`}
            value={language}
            onChange={setLanguage}
            choices={SWITCHER_ORDER.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          />
          <Field id={FILES_ID} label={t`Files`} hint={hint}>
            <input
              id={FILES_ID}
              type="file"
              multiple
              accept=".json,.xml,.gift,.txt,.zip,.csv,.xlsx,application/json,application/xml,text/xml,text/plain,text/csv,application/zip"
              aria-describedby={describedBy(FILES_ID, { hint })}
              onChange={(event) => setChosen(Array.from(event.currentTarget.files ?? []))}
            />
          </Field>
          <TranslationChoice
            files={chosen}
            together={together}
            onTogether={setTogether}
            languageOf={languageOf}
            onLanguage={(index, code) => setLanguages((old) => ({ ...old, [index]: code }))}
          />
          <TemplateLinks />
          {shown.length > 0 && (
            <div className="notice notice--error" role="alert">
              <p>{t`Nothing was imported. Fix these and upload the files again:`}</p>
              <ul className="import-dialog__problems">
                {shown.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
              {t`Cancel`}
            </button>
            <button type="submit" className="button button--primary" disabled={busy || chosen.length === 0}>
              {busy ? t`Importing…` : t`Import`}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
