import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { Assignment, MonitorTaker } from '../../../contract/assignments.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { NumberInput } from '../../shared/forms/number-field/NumberInput.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { errorText } from '../../shared/ui/error-text.ts';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { TableScroll } from '../../shared/ui/TableScroll.tsx';
import { AccommodationBadge } from '../accommodations/AccommodationBadge.tsx';
import { ExamRoomPanel } from '../tutor-exam-room/ExamRoomPanel.tsx';
import { CourseRoster } from './CourseRoster.tsx';
import { giveExtraTime, useMonitor } from './tutor-assignments-api.ts';

/**
 * How often the monitor asks: with the read's own time, what it shows is never more than 2 s old
 * (scripts/bench/assignment-scenario.ts measures it under an exam's load). Polling rather than
 * server-sent events: one read every 1.5 s per watching tutor, of only the takers changed since the
 * last (monitor-reader.ts), is little beside a class's answers; it goes through the same client, proxies and service worker as every other call, it works the
 * same with several server processes behind a balancer, and a dropped connection needs no
 * reconnection logic: the next read after it comes back simply succeeds (SWR reads at once on
 * `online`).
 */
const MONITOR_REFRESH_MS = 1_500;

/** Seconds since `at`, on the server's clock as the monitor's answer gave it. */
const secondsAgo = (serverNow: number, at: number) => Math.max(0, Math.round((serverNow - at) / 1000));

/** The live monitor: who waits in the lobby, and every taker's progress, contact and unsent answers. */
export default function MonitorPanel({ assignment }: { assignment: Assignment }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const monitor = useMonitor(assignment.id, MONITOR_REFRESH_MS);
  const data = monitor.data;
  if (!data) {
    return monitor.error ? <ErrorState error={monitor.error} onRetry={() => monitor.mutate()} /> : <LoadingState />;
  }
  const updated = formatDateTime(locale, data.server_now);
  const collects = assignment.rules.collect_signals === true;
  const offline = data.takers.filter((taker) => taker.offline).length;
  const running = data.takers.filter((taker) => taker.status === 'running').length;
  const finished = data.takers.length - running;
  return (
    <section className="monitor" aria-labelledby="monitor-title">
      <h2 id="monitor-title" className="section-title">
        {t`Live monitor`}
      </h2>
      <p className="monitor__summary">
        {t`Running: ${formatNumber(locale, running)} · Offline: ${formatNumber(locale, offline)} · Finished: ${formatNumber(locale, finished)}`}
      </p>
      {/* The tutor's own connection: the last answer stays on screen, said to be stale, until it is back. */}
      <p className={monitor.error ? 'notice notice--warning' : 'muted'} role="status" data-testid="monitor-freshness">
        {monitor.error
          ? t`Your connection to the server is lost. Showing the state as of ${updated}; the monitor catches up by itself when the connection is back. (${errorText(i18n, monitor.error)})`
          : t`Updated ${updated}; refreshes by itself.`}
      </p>
      <CourseRoster assignmentId={assignment.id} />
      <ExamRoomPanel assignment={assignment} takers={data.takers} refreshMs={MONITOR_REFRESH_MS * 2} />
      {data.waiting.length > 0 && (
        <section aria-labelledby="lobby-title">
          <h3 id="lobby-title">{t`In the lobby: ${formatNumber(locale, data.waiting.length)}`}</h3>
          <ul className="monitor__lobby" data-testid="monitor-lobby">
            {data.waiting.map((waiter) => (
              <li key={`${waiter.name}-${waiter.arrived_at}`}>{waiter.name}</li>
            ))}
          </ul>
        </section>
      )}
      {data.takers.length === 0 ? (
        <p>{t`Nobody has started yet.`}</p>
      ) : (
        <TableScroll label={t`Every taker now`}>
          <table className="data-table monitor__table">
            <caption className="visually-hidden">{t`Every taker now`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Name`}</th>
                <th scope="col">{t`Status`}</th>
                <th scope="col">{t`Answered`}</th>
                <th scope="col">{t`Last contact`}</th>
                <th scope="col">{t`Unsent on the device`}</th>
                {collects && <th scope="col">{t`Signals`}</th>}
                <th scope="col">{t`Time`}</th>
              </tr>
            </thead>
            <tbody>
              {data.takers.map((taker) => (
                <TakerRow
                  key={taker.session}
                  taker={taker}
                  serverNow={data.server_now}
                  assignmentId={assignment.id}
                  collects={collects}
                  onChanged={() => void monitor.mutate()}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p className="muted">
        {t`“Unsent on the device” is what the device held at its last contact: answers given since then are known only when it reconnects.`}
      </p>
    </section>
  );
}

function TakerRow({
  taker,
  serverNow,
  assignmentId,
  collects,
  onChanged,
}: {
  taker: MonitorTaker;
  serverNow: number;
  assignmentId: string;
  /** The assignment collects integrity signals: each taker's count has a column. */
  collects: boolean;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const ago = formatNumber(locale, secondsAgo(serverNow, taker.last_contact_at));
  const answered = formatNumber(locale, taker.answered);
  const total = formatNumber(locale, taker.question_count);
  const minutesLeft = formatNumber(locale, Math.max(0, Math.ceil((taker.deadline - serverNow) / 60_000)));
  const status = taker.status === 'finished' ? t`Finished` : taker.offline ? t`Offline` : t`Running`;
  return (
    <tr className={taker.offline ? 'monitor__row--offline' : undefined} data-testid="monitor-taker">
      <th scope="row">
        {taker.name || t`Name removed`}
        <AccommodationBadge accommodation={taker.accommodation} />
      </th>
      <td>
        <span className={`taker-status taker-status--${taker.offline ? 'offline' : taker.status}`}>{status}</span>
      </td>
      <td>{t`${answered} of ${total}`}</td>
      <td>{t`${ago} s ago`}</td>
      <td data-testid="monitor-unsent">
        {taker.unsent_at_last_contact === null ? '—' : formatNumber(locale, taker.unsent_at_last_contact)}
      </td>
      {collects && (
        <td data-testid="monitor-signals">{taker.signals === null ? '—' : formatNumber(locale, taker.signals)}</td>
      )}
      <td>
        {taker.status === 'running' ? (
          <ExtraTime assignmentId={assignmentId} taker={taker} minutesLeft={minutesLeft} onChanged={onChanged} />
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}

/** More time for one running attempt; the taker's device learns it on its next contact. */
function ExtraTime({
  assignmentId,
  taker,
  minutesLeft,
  onChanged,
}: {
  assignmentId: string;
  taker: MonitorTaker;
  minutesLeft: string;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [extra, setExtra] = useState<number | null>(5);
  const { busy, run } = useAction();
  const id = `extra-${taker.session}`;
  const minutes = formatNumber(locale, Number(extra));
  const give = async (event: FormEvent) => {
    event.preventDefault();
    await run(
      async () => {
        await giveExtraTime(assignmentId, taker.session, Number(extra));
        onChanged();
      },
      { done: t`${taker.name} has ${minutes} more minutes` },
    );
  };
  return (
    <form className="monitor__extra" onSubmit={give}>
      <span>{t`${minutesLeft} min left`}</span>
      <label htmlFor={id} className="visually-hidden">
        {t`Extra minutes for ${taker.name}`}
      </label>
      <NumberInput
        id={id}
        className="field__input field__input--number monitor__minutes"
        whole
        min={1}
        max={600}
        value={extra}
        onValue={setExtra}
      />
      <button type="submit" className="button button--secondary" disabled={busy}>
        {t`Give extra time`}
      </button>
    </form>
  );
}
