import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { hasStatus } from '../../shared/api/index.ts';
import { useAuth } from '../../shared/auth/auth.ts';
import type { PageProps } from '../../shared/routing/page-props.ts';
import { paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { NotFoundPage } from '../errors/ErrorPage.tsx';
import { BlocksEditor } from './editor/BlocksEditor.tsx';
import { useDraftStart } from './editor/draft-start.ts';
import { PublishPanel } from './editor/PublishPanel.tsx';
import { SaveStatus } from './editor/SaveStatus.tsx';
import { TestSettings } from './editor/TestSettings.tsx';
import { type DraftStart, useDraftAutosave } from './editor/use-draft-autosave.ts';
import { RequireTutor } from './RequireTutor.tsx';
import { StatusLabel } from './StatusLabel.tsx';
import './editor/editor.css';

/** `/{lang}/tutor/tests/{id}`: the editor of one of the tutor's own tests. */
export default function TestEditorPage({ params }: PageProps) {
  const { t } = useLingui();
  return (
    <RequireTutor title={t`Test editor`}>
      <LoadedEditor id={params.id ?? ''} />
    </RequireTutor>
  );
}

function LoadedEditor({ id }: { id: string }) {
  const { user } = useAuth();
  const { loaded, retry } = useDraftStart(user?.id ?? '', id);
  if (loaded && 'error' in loaded) {
    if (hasStatus(loaded.error, 404)) return <NotFoundPage />;
    return (
      <section className="page page--narrow">
        <ErrorState error={loaded.error} onRetry={retry} />
      </section>
    );
  }
  if (!loaded) {
    return (
      <section className="page page--narrow">
        <LoadingState />
      </section>
    );
  }
  // Another test is another editor: nothing of the previous one carries over.
  return <Editor key={loaded.start.confirmed.id} start={loaded.start} />;
}

function Editor({ start }: { start: DraftStart }) {
  const { t } = useLingui();
  const { draft, setDraft, state, summary, changed, flush, takeTheirs, keepMine } = useDraftAutosave(start);
  const [announcement, setAnnouncement] = useState('');
  // The same words twice must still be heard: the region is emptied first.
  const announce = useCallback((text: string) => {
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(text));
  }, []);
  const primary = draft.languages[0];
  const title = (primary && draft.title[primary]?.trim()) || t`Untitled test`;
  usePageMeta({ title });

  return (
    <div className="page test-editor">
      <p className="test-editor__back">
        <Link href={paths.home('tutor')}>{t`← My tests`}</Link>
      </p>
      <header className="test-editor__header">
        <h1 id="page-title">{title}</h1>
        <StatusLabel status={summary.status} />
        <SaveStatus state={state} />
      </header>
      {state === 'conflict' && (
        <div className="notice notice--warning" role="alert">
          <p>
            {t`This test was changed in another tab or on another device since you opened it. Your edits here are not saved. Choose which version to keep.`}
          </p>
          <button type="button" className="button button--secondary" onClick={() => takeTheirs()}>
            {t`Load the other version`}
          </button>
          <button type="button" className="button button--primary" onClick={() => keepMine()}>
            {t`Keep my edits`}
          </button>
        </div>
      )}
      <TestSettings draft={draft} onChange={setDraft} />
      <BlocksEditor draft={draft} onChange={setDraft} announce={announce} />
      <PublishPanel testId={summary.id} summary={summary} flush={flush} onPublished={changed} />
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
