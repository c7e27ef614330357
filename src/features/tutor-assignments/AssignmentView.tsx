import { useLingui } from '@lingui/react/macro';
import { Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Assignment } from '../../../contract/assignments.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { useConfirm } from '../../shared/forms/use-confirm.tsx';
import { notify } from '../../shared/notifications/notify.ts';
import { lazyPage } from '../../shared/pwa/lazy-page.ts';
import { type AssignmentTab, assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { absolute, paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { stateLabel } from './state-label.ts';
import { closeAssignment, deleteAssignment, giveStartSignal, useAssignment } from './tutor-assignments-api.ts';

const MonitorPanel = lazyPage(() => import('./MonitorPanel.tsx'));
const ResultsPanel = lazyPage(() => import('./ResultsPanel.tsx'));
const AnalysisPanel = lazyPage(() => import('./AnalysisPanel.tsx'));
const AttemptReview = lazyPage(() => import('./AttemptReview.tsx'));
const MarkingPanel = lazyPage(() => import('../tutor-marking/MarkingPanel.tsx'));
// The QR code's library is fetched only when the tutor asks for the code.
const QrCode = lazyPage(() => import('../../shared/ui/QrCode.tsx'));

/** One assignment: how takers get in (code, link, QR), its actions, and its monitor, results and analysis. */
export default function AssignmentView({ id, tab, session }: { id: string; tab: string; session: string | null }) {
  const { t, i18n } = useLingui();
  const assignment = useAssignment(id);
  usePageMeta({ title: assignment.data?.title ?? t`Assignment` });
  if (assignment.error) return <ErrorState error={assignment.error} onRetry={() => assignment.mutate()} />;
  const a = assignment.data;
  if (!a) return <LoadingState />;
  const current: AssignmentTab = tab === 'results' || tab === 'analysis' || tab === 'marking' ? tab : 'monitor';
  const tabs: [AssignmentTab, string][] = [
    ['monitor', t`Monitor`],
    ['results', t`Results`],
    ['analysis', t`Question analysis`],
    ['marking', t`Marking`],
  ];
  return (
    <section className="page tutor-assignment" aria-labelledby="page-title">
      <header className="page__header">
        <p className="eyebrow">
          <Link href={assignmentPaths.list()}>{t`Assignments`}</Link>
        </p>
        <h1 id="page-title">{a.title}</h1>
        <p className={`assignment-state assignment-state--${a.state}`} data-testid="assignment-state">
          {stateLabel(i18n, a.state)}
        </p>
      </header>
      <Share assignment={a} />
      <Actions assignment={a} onChanged={(next) => assignment.mutate(next, { revalidate: false })} />
      <nav className="tutor-assignment__tabs" aria-label={t`Views of the assignment`}>
        {tabs.map(([name, label]) => (
          <Link
            key={name}
            href={assignmentPaths.assignment(id, name)}
            className="tutor-assignment__tab"
            aria-current={!session && name === current ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      <Suspense fallback={<LoadingState />}>
        {session ? (
          <AttemptReview id={id} session={session} />
        ) : current === 'results' ? (
          <ResultsPanel assignment={a} />
        ) : current === 'analysis' ? (
          <AnalysisPanel id={id} code={a.code} />
        ) : current === 'marking' ? (
          <MarkingPanel id={id} />
        ) : (
          <MonitorPanel assignment={a} />
        )}
      </Suspense>
    </section>
  );
}

/** The code a class copies from the board, the link, and on request its QR code. */
function Share({ assignment: a }: { assignment: Assignment }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [showQr, setShowQr] = useState(false);
  const link = `${window.location.origin}${absolute(locale, paths.assignment(a.code))}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify(t`Link copied`, { kind: 'success' });
    } catch {
      notify(t`The link could not be copied: select it and copy it yourself.`, { kind: 'error' });
    }
  };
  return (
    <section className="tutor-assignment__share" aria-labelledby="share-title">
      <h2 id="share-title" className="visually-hidden">
        {t`How takers get in`}
      </h2>
      <p className="tutor-assignment__code">
        <span>{t`Code`}</span> <strong data-testid="assignment-code">{a.code}</strong>
      </p>
      <p className="tutor-assignment__link">
        <a href={link}>{link}</a>
      </p>
      <div className="tutor-assignment__buttons">
        <button type="button" className="button button--secondary" onClick={copy}>
          {t`Copy the link`}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={showQr}
          onClick={() => setShowQr((shown) => !shown)}
        >
          {showQr ? t`Hide the QR code` : t`Show a QR code`}
        </button>
      </div>
      {showQr && (
        <Suspense fallback={<LoadingState />}>
          <QrCode text={link} label={t`QR code of the link ${link}`} />
        </Suspense>
      )}
    </section>
  );
}

function Actions({ assignment: a, onChanged }: { assignment: Assignment; onChanged: (next: Assignment) => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const { busy, run } = useAction();
  const { confirm, dialog } = useConfirm();
  const started = useRef<HTMLParagraphElement>(null);
  const act = (action: () => Promise<Assignment>, done: string, focusAfter?: () => HTMLElement | null) =>
    run(async () => onChanged(await action()), { done, focusAfter });
  const close = async () => {
    const sure = await confirm({
      title: t`Close the assignment now? Nobody can start it afterwards, and running attempts end.`,
      confirmLabel: t`Close the assignment`,
    });
    if (sure) await act(() => closeAssignment(a.id), t`The assignment is closed`);
  };
  const remove = async () => {
    const sure = await confirm({
      title: t`Delete the assignment with every attempt, answer and signal of it? This cannot be undone.`,
      confirmLabel: t`Delete the assignment`,
    });
    if (!sure) return;
    const deleted = async () => {
      await deleteAssignment(a.id);
      navigate(assignmentPaths.list());
    };
    await run(deleted, { done: t`The assignment is deleted` });
  };
  return (
    <div className="tutor-assignment__actions">
      {dialog}
      {a.state === 'lobby' && (
        <button
          type="button"
          className="button button--primary button--large"
          disabled={busy}
          // The button goes once started: the keyboard goes to what says so.
          onClick={() =>
            act(
              () => giveStartSignal(a.id),
              t`Started: every taker’s time runs from now`,
              () => started.current,
            )
          }
        >
          {t`Start now for everyone`}
        </button>
      )}
      {a.started_at !== null && (
        <p className="muted" ref={started} tabIndex={-1}>
          {t`Started ${formatDateTime(locale, a.started_at)}`}
        </p>
      )}
      {a.state !== 'closed' ? (
        <button type="button" className="button button--secondary" disabled={busy} onClick={close}>
          {t`Close the assignment`}
        </button>
      ) : (
        a.closed_at !== null && <p className="muted">{t`Closed ${formatDateTime(locale, a.closed_at)}`}</p>
      )}
      <button type="button" className="button button--secondary" disabled={busy} onClick={remove}>
        {t`Delete the assignment`}
      </button>
    </div>
  );
}
