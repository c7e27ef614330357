import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ExportFormat } from '../../../contract/question-banks.ts';
import type { TutorTestSummary } from '../../../contract/tutor-tests.ts';
import { formatDateTime, formatDuration } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { saveFile } from '../../shared/files/save-file.ts';
import { useAction } from '../../shared/forms/use-action.ts';
import { useConfirm } from '../../shared/forms/use-confirm.tsx';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { paths } from '../../shared/routing/paths.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { ImportDialog } from './import/ImportDialog.tsx';
import { downloadJson } from './json-files.ts';
import { StatusLabel } from './StatusLabel.tsx';
import {
  archiveTest,
  createTest,
  deleteTest,
  duplicateTest,
  exportBank,
  exportTest,
  restoreTest,
  useMyTests,
} from './tutor-tests-api.ts';
import './my-tests.css';

/** The signed-in tutor's own tests on the tutor page: write, copy, archive, import and export them. */
export default function MyTests() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const tests = useMyTests();
  const { busy, run } = useAction();
  const { confirm, dialog } = useConfirm();
  const [importing, setImporting] = useState(false);

  /** Runs an action on the list; the list is read again after it, whatever happened. */
  const act: Act = (action, done) => run(action, { done, after: () => tests.mutate() });

  const create = () =>
    act(async () => {
      const made = await createTest();
      navigate(paths.tutorTest(made.id));
    });

  return (
    <section className="landing__section my-tests" aria-labelledby="my-tests-title" aria-busy={busy}>
      <div className="section-head">
        <h2 id="my-tests-title">{t`My tests`}</h2>
        <div className="my-tests__actions">
          <button type="button" className="button button--primary" onClick={create} disabled={busy}>
            {t`New test`}
          </button>
          <Link href={assignmentPaths.list()} className="button button--secondary">
            {t`Assignments`}
          </Link>
          <button type="button" className="button button--secondary" onClick={() => setImporting(true)}>
            {t`Import from files`}
          </button>
        </div>
      </div>
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => tests.mutate()} />
      {tests.error ? (
        <ErrorState error={tests.error} onRetry={() => tests.mutate()} />
      ) : !tests.data ? (
        <LoadingState />
      ) : tests.data.length === 0 ? (
        <p className="my-tests__empty">{t`You have no tests of your own yet. Write one, or import a lesson file.`}</p>
      ) : (
        <ul className="my-tests__list">
          {tests.data.map((test) => (
            <TestItem key={test.id} test={test} busy={busy} act={act} confirm={confirm} />
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}

type Act = (action: () => Promise<unknown>, done?: string) => Promise<unknown>;

function TestItem({
  test,
  busy,
  act,
  confirm,
}: {
  test: TutorTestSummary;
  busy: boolean;
  act: Act;
  confirm: ReturnType<typeof useConfirm>['confirm'];
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const title = test.title || t`Untitled test`;
  const headingId = `test-${test.id}`;
  const exportFile = () =>
    act(async () => {
      const file = await exportTest(test.id);
      downloadJson(`${file.slug}.json`, file);
    });
  /** Another system's format, in the test's primary language (the editor offers the others). */
  const exportAs = (format: ExportFormat) =>
    act(async () => {
      const file = await exportBank(test.id, format, test.languages[0] ?? locale);
      saveFile(file.name, file.blob);
    });
  const remove = async () => {
    const sure = await confirm({
      title: t`Delete the draft “${title}”? This cannot be undone.`,
      confirmLabel: t`Delete the draft`,
    });
    if (sure) await act(() => deleteTest(test.id), t`Draft deleted`);
  };
  const count = test.question_count;
  const duration = formatDuration(locale, test.duration_seconds);
  const edited = formatDateTime(locale, test.updated_at);
  return (
    <li className="my-tests__item" aria-labelledby={headingId}>
      <div className="my-tests__head">
        <h3 id={headingId}>
          <Link href={paths.tutorTest(test.id)}>{title}</Link>
        </h3>
        <StatusLabel status={test.status} />
      </div>
      <p className="my-tests__facts">
        <span>{t`Questions: ${count}`}</span>
        <span>{t`Duration: ${duration}`}</span>
        <span>{test.languages.map((l) => l.toUpperCase()).join(' · ')}</span>
        <span>{t`Last edited ${edited}`}</span>
        {test.unpublished_changes && <span>{t`Changes not published yet`}</span>}
      </p>
      <div className="my-tests__buttons">
        <Link href={paths.tutorTest(test.id)} className="button button--secondary">
          {t`Edit`}
        </Link>
        {test.status === 'published' && (
          <Link href={assignmentPaths.create({ test: test.id })} className="button button--secondary">
            {t`Give to a class`}
          </Link>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => act(() => duplicateTest(test.id), t`Copy made`)}
        >
          {t`Duplicate`}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={exportFile}>
          {t`Export`}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => exportAs('moodle-xml')}
        >
          {t`Export as Moodle XML`}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => exportAs('qti')}>
          {t`Export as QTI 2.1`}
        </button>
        {test.status === 'archived' ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => act(() => restoreTest(test.id))}
          >
            {t`Restore`}
          </button>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => act(() => archiveTest(test.id))}
          >
            {t`Archive`}
          </button>
        )}
        {test.published_versions === 0 && !test.has_attempts && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={remove}>
            {t`Delete`}
          </button>
        )}
      </div>
    </li>
  );
}
