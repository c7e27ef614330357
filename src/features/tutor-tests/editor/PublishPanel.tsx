import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ExportFormat } from '../../../../contract/question-banks.ts';
import type { PublishChecklist, TutorTestSummary } from '../../../../contract/tutor-tests.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { saveFile } from '../../../shared/files/save-file.ts';
import { useAction } from '../../../shared/forms/use-action.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { paths } from '../../../shared/routing/paths.ts';
import { downloadJson } from '../json-files.ts';
import { exportBank, exportTest, publishChecklist, publishTest } from '../tutor-tests-api.ts';
import { BankExport } from './BankExport.tsx';
import { fieldId } from './field-id.ts';
import { useFieldName } from './field-name.ts';

/** The element of a checklist item's field, or of the nearest field that holds it. */
function fieldElement(path: string): HTMLElement | null {
  const parts = path.split('.');
  while (parts.length) {
    const found = document.getElementById(fieldId(parts.join('.')));
    if (found) return found;
    parts.pop();
  }
  return null;
}

function goToField(path: string) {
  const element = fieldElement(path);
  if (!element) return;
  element.scrollIntoView({ block: 'center' });
  element.focus();
}

interface PublishPanelProps {
  testId: string;
  summary: TutorTestSummary;
  /** Saves what is not saved yet: publishing, previewing and exporting take the server's draft. */
  flush: () => Promise<void>;
  onPublished: (summary: TutorTestSummary) => void;
}

/** Check, publish, preview and export: each first saves the draft, then works on it. */
export function PublishPanel({ testId, summary, flush, onPublished }: PublishPanelProps) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [checklist, setChecklist] = useState<PublishChecklist | null>(null);
  const fieldName = useFieldName();
  const action = useAction();
  const busy = action.busy;
  /** Each first saves the draft, then works on the draft saved. */
  const run = (work: () => Promise<void>) =>
    action.run(async () => {
      await flush();
      await work();
    });

  const check = () => run(async () => setChecklist(await publishChecklist(testId)));
  const publish = () =>
    run(async () => {
      const list = await publishChecklist(testId);
      setChecklist(list);
      if (!list.ready) return;
      onPublished(await publishTest(testId));
      notify(t`Published. Students will take this version from now on.`, { kind: 'success' });
    });
  const exportFile = () =>
    run(async () => {
      const list = await publishChecklist(testId);
      setChecklist(list);
      if (!list.ready) return;
      const file = await exportTest(testId);
      downloadJson(`${file.slug}.json`, file);
    });
  const exportAs = (format: ExportFormat, language: Locale) =>
    run(async () => {
      const list = await publishChecklist(testId);
      setChecklist(list);
      if (!list.ready) return;
      const file = await exportBank(testId, format, language);
      saveFile(file.name, file.blob);
    });
  const preview = () =>
    run(async () => {
      const list = await publishChecklist(testId);
      setChecklist(list);
      if (list.ready) navigate(paths.tutorTestPreview(testId));
    });

  const versions = summary.published_versions;
  return (
    <section className="editor-section publish-panel" aria-labelledby="publish-title" aria-busy={busy}>
      <h2 id="publish-title">{t`Check and publish`}</h2>
      <p>
        {versions === 0
          ? t`Not published yet. A published test is private: your students take it when you give it to them.`
          : t`Published versions: ${versions}. Publishing again makes the next version; tests already started keep theirs.`}
      </p>
      <div className="publish-panel__buttons">
        <button type="button" className="button button--secondary" onClick={check} disabled={busy}>
          {t`Check what is missing`}
        </button>
        <button type="button" className="button button--secondary" onClick={preview} disabled={busy}>
          {t`Preview as a student`}
        </button>
        <button type="button" className="button button--secondary" onClick={exportFile} disabled={busy}>
          {t`Export as a file`}
        </button>
        <button type="button" className="button button--primary" onClick={publish} disabled={busy}>
          {versions === 0 ? t`Publish` : t`Publish the next version`}
        </button>
      </div>
      <BankExport languages={summary.languages} busy={busy} exportAs={exportAs} />
      {checklist && (
        <div className="publish-panel__checklist" role="status">
          {checklist.ready ? (
            <p>{t`Everything is in place: the test can be published.`}</p>
          ) : (
            <>
              <p>{t`Before publishing, fill in:`}</p>
              <ul>
                {checklist.problems.map((problem) => (
                  <li key={`${problem.field}:${problem.message}`}>
                    <a
                      href={`#${fieldId(problem.field)}`}
                      onClick={(event) => {
                        event.preventDefault();
                        goToField(problem.field);
                      }}
                    >
                      {fieldName(problem.field)}: {problem.message}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
