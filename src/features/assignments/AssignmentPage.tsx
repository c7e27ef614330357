import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { DISPLAY_NAME_MAX, type PublicAssignment } from '../../../contract/assignments.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { formatDateTime, formatDuration } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { hasStatus } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';
import { useAuth } from '../../shared/auth/auth.ts';
import { authModals } from '../../shared/auth/auth-modal-store.ts';
import type { PageProps } from '../../shared/routing/page-props.ts';
import { paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { SignalsNotice } from '../../shared/ui/SignalsNotice.tsx';
import { assignedSlug } from '../test-taking/assigned-slug.ts';
import { RunningTest } from '../test-taking/RunningTest.tsx';
import { loadTakingView } from '../test-taking/resume/taking-view-loader.ts';
import { useStoredAttempt } from '../test-taking/resume/use-stored-attempt.ts';
import type { TakingViewProps } from '../test-taking/TakingView.tsx';
import { prefetchPayload } from '../test-taking/taking-api.ts';
import { useStartAttempt } from '../test-taking/use-start-attempt.ts';
import { fetchPublicAssignment, startAssigned } from './assignments-api.ts';
import { LobbyWait } from './LobbyWait.tsx';
import { useLobby, waiterId } from './use-lobby.ts';
import './assignment.css';

const NAME_KEY = 'zalik-display-name';

/** `/{lang}/a/{code}`: an assignment as a taker meets it: its rules, then the test, then the results. */
export default function AssignmentPage({ params }: PageProps) {
  const code = (params.code ?? '').toUpperCase();
  return <Assignment key={code} code={code} />;
}

function Assignment({ code }: { code: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const info = useRead('assignment', [code], () => fetchPublicAssignment(code));
  const { attempt } = useStoredAttempt(assignedSlug(code));
  const [started, setStarted] = useState<TakingViewProps | null>(null);
  usePageMeta({ title: info.data?.title ?? t`Assignment` });
  // The opening time, or the tutor closing it: read again when it should have changed.
  const opensIn = info.data?.opens_at ? info.data.opens_at - info.data.server_now : null;
  const revalidate = info.mutate;
  useEffect(() => {
    if (opensIn === null || opensIn <= 0 || opensIn > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void revalidate(), opensIn + 500);
    return () => clearTimeout(timer);
  }, [opensIn, revalidate]);

  // The questions, sealed, while the taker reads the rules or waits in the lobby.
  const version = info.data?.version;
  useEffect(() => {
    if (version !== undefined) prefetchPayload(version, locale);
  }, [version, locale]);

  const running = started ?? (attempt.state === 'running' ? { record: attempt.record, fresh: attempt.fresh } : null);
  if (running) {
    return <RunningTest running={running} />;
  }
  if (hasStatus(info.error, 404)) {
    return (
      <section className="page page--narrow" aria-labelledby="page-title">
        <h1 id="page-title">{t`Assignment`}</h1>
        <ErrorState error={info.error} />
      </section>
    );
  }
  if (info.error) {
    return (
      <section className="page page--narrow">
        <ErrorState error={info.error} onRetry={() => info.mutate()} />
      </section>
    );
  }
  if (!info.data || attempt.state === 'checking') {
    return (
      <section className="page page--narrow">
        <LoadingState />
      </section>
    );
  }
  const finished = attempt.state === 'finished' ? attempt.stored : null;
  return (
    <section className="page page--narrow assignment" aria-labelledby="page-title">
      <header className="page__header">
        <p className="eyebrow">{t`Assignment ${code}`}</p>
        <h1 id="page-title">{info.data.title}</h1>
        {info.data.description && <p className="page__lead">{info.data.description}</p>}
      </header>
      <AssignmentFacts assignment={info.data} />
      {finished && (
        <div className="notice notice--info" role="status">
          <p>{t`You have finished this test.`}</p>
          <Link href={paths.results(finished.uuid, finished.api_token)} className="button button--secondary">
            {t`See your results`}
          </Link>
        </div>
      )}
      {(!finished || info.data.attempts > 1) && (
        <Entry assignment={info.data} code={code} onStarted={setStarted} onStateChanged={() => void info.mutate()} />
      )}
    </section>
  );
}

function AssignmentFacts({ assignment: a }: { assignment: PublicAssignment }) {
  const { t } = useLingui();
  const locale = useLocale();
  const duration = formatDuration(locale, a.duration_seconds);
  const review = {
    score: t`your score`,
    answers: t`your score and your answers`,
    full: t`your score, your answers, the correct ones and the explanations`,
  }[a.review];
  const when = a.release === 'immediately' ? t`as soon as you finish` : t`once the assignment closes`;
  return (
    <dl className="facts assignment__facts">
      <div className="facts__item">
        <dt>{t`Time`}</dt>
        <dd>{duration}</dd>
      </div>
      <div className="facts__item">
        <dt>{t`Questions`}</dt>
        <dd>{formatNumber(locale, a.question_count)}</dd>
      </div>
      <div className="facts__item">
        <dt>{t`Attempts`}</dt>
        <dd>{formatNumber(locale, a.attempts)}</dd>
      </div>
      {a.opens_at !== null && (
        <div className="facts__item">
          <dt>{t`Opens`}</dt>
          <dd>{formatDateTime(locale, a.opens_at)}</dd>
        </div>
      )}
      {a.closes_at !== null && (
        <div className="facts__item">
          <dt>{t`Closes`}</dt>
          <dd>{formatDateTime(locale, a.closes_at)}</dd>
        </div>
      )}
      <div className="facts__item assignment__wide">
        <dt>{t`Afterwards you see`}</dt>
        <dd>{t`${review}, ${when}.`}</dd>
      </div>
    </dl>
  );
}

/** How a taker gets in now: a message when they cannot, a name and Start (or the lobby) when they can. */
function Entry({
  assignment: a,
  code,
  onStarted,
  onStateChanged,
}: {
  assignment: PublicAssignment;
  code: string;
  onStarted: (view: TakingViewProps) => void;
  onStateChanged: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { user, status } = useAuth();
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) ?? '');
  const [joined, setJoined] = useState(false);
  const { starting, error, errorMessage, start: startAttempt } = useStartAttempt(assignedSlug(code));
  const [waiter] = useState(() => waiterId(code));
  const needsName = !user;
  const typed = name.trim();
  const lobby = useLobby(code, waiter, needsName ? typed : undefined, joined && a.state === 'lobby');

  const start = async () => {
    if (needsName) localStorage.setItem(NAME_KEY, typed);
    const view = await startAttempt((options) => startAssigned(code, needsName ? typed : undefined, waiter, options));
    if (view) onStarted(view);
    else onStateChanged();
  };

  // The signal came: everyone waiting starts at once, on the same server moment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per signal; `start` reads the latest name.
  useEffect(() => {
    if (lobby.phase === 'signalled') void start();
  }, [lobby.phase]);
  // While waiting, the device fetches the test's code, so the start needs only the questions.
  useEffect(() => {
    if (joined) loadTakingView().catch(() => undefined);
  }, [joined]);

  if (a.state === 'closed') {
    return <p className="notice notice--info">{t`This assignment is closed: it can no longer be taken.`}</p>;
  }
  if (a.state === 'scheduled' && a.opens_at !== null) {
    const opens = formatDateTime(locale, a.opens_at);
    return <p className="notice notice--info">{t`This assignment opens on ${opens} (your time).`}</p>;
  }
  if (a.access === 'students' && user?.role !== 'student') {
    return (
      <div className="notice notice--info">
        <p>{t`Only signed-in students can take this test.`}</p>
        {status === 'unauthenticated' && (
          <button type="button" className="button button--primary" onClick={() => authModals.open('login')}>
            {t`Sign in`}
          </button>
        )}
      </div>
    );
  }
  if (joined && a.state === 'lobby' && lobby.phase !== 'refused') {
    return <LobbyWait />;
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (needsName && !typed) return;
    if (a.state === 'lobby') setJoined(true);
    else void start();
  };
  return (
    <form className="start assignment__entry" onSubmit={submit} noValidate>
      {needsName ? (
        <div className="field">
          <label htmlFor="display-name" className="field__label">
            {t`Your name`}
          </label>
          <input
            id="display-name"
            className="field__input"
            name="display_name"
            autoComplete="name"
            maxLength={DISPLAY_NAME_MAX}
            required
            aria-describedby="display-name-hint"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <p id="display-name-hint" className="muted">
            {t`Your tutor sees your results under this name.`}
          </p>
          {a.accommodations !== false && (
            <p className="muted" data-testid="accommodations-need-account">
              {t`Extra time or another accommodation from your tutor needs an account: sign in as a student before you start.`}
            </p>
          )}
        </div>
      ) : (
        <p>{t`You take it as ${user?.firstname ?? ''} ${user?.lastname ?? ''}.`}</p>
      )}
      <p className="start__hint">
        {a.start === 'signal'
          ? t`The test starts for everyone when your tutor gives the signal. Each answer is saved as you give it, even without a connection.`
          : t`The timer starts as soon as you start the test and keeps running even if you close the page. Each answer is saved as you give it.`}
      </p>
      {a.collects_signals && <SignalsNotice />}
      <button
        type="submit"
        className="button button--primary button--large"
        disabled={starting || (needsName && !typed)}
        aria-busy={starting || undefined}
      >
        {a.state === 'lobby' ? t`Join` : t`Start test`}
      </button>
      {starting && <p className="start__status" role="status">{t`Starting the test…`}</p>}
      {error !== null && <ErrorState error={error} message={errorMessage} />}
      {lobby.phase === 'refused' && <ErrorState error={lobby.error} />}
    </form>
  );
}
