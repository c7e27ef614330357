/**
 * The results table as CSV: UTF-8 with a byte-order mark, so spreadsheets read Cyrillic and Polish;
 * headers in the tutor's language. Where the assignment collected integrity signals, each kind's
 * total per attempt follows (blank for an attempt that kept none, as one started before they were);
 * where the test has questions marked by hand, whether each finished attempt's score is final or how
 * many answers await marking.
 */
import type { AttemptRow } from '../../../contract/assignment-results.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { SignalCounts, SignalKind } from '../../../contract/signals.ts';
import { type MessageKey, message } from '../../i18n/messages.ts';
import { csvCell } from '../platform/csv-cell.ts';

const HEAD: MessageKey[] = [
  'csvName',
  'csvScore',
  'csvMaxScore',
  'csvPercent',
  'csvStarted',
  'csvFinished',
  'csvTimeUsed',
  'csvHowEnded',
  'csvLateAnswers',
];

const SIGNAL_COLUMNS: [SignalKind, MessageKey][] = [
  ['hidden', 'csvSignalHidden'],
  ['blur', 'csvSignalBlur'],
  ['paste', 'csvSignalPaste'],
  ['offline', 'csvSignalOffline'],
  ['clock', 'csvSignalClock'],
];

/** `signals`: each attempt's counts by kind, or null when no attempt collected any. */
export function resultsCsv(
  attempts: AttemptRow[],
  signals: Map<string, SignalCounts> | null,
  locale: Locale,
  handMarked = false,
): string {
  const head = [
    ...HEAD,
    ...(handMarked ? (['csvMarking'] as const) : []),
    ...(signals ? SIGNAL_COLUMNS.map(([, key]) => key) : []),
  ].map((key) => csvCell(message(key, locale)));
  const marking = (a: AttemptRow) =>
    a.status !== 'finished'
      ? null
      : a.awaiting_marks > 0
        ? message('csvAwaitingMarks', locale, { count: a.awaiting_marks })
        : message('csvMarked', locale);
  const ended = (reason: AttemptRow['finish_reason']) =>
    reason === null
      ? message('csvRunning', locale)
      : message(
          reason === 'manual' ? 'csvFinishedByTaker' : reason === 'timeout' ? 'csvTimeUp' : 'csvClosedByServer',
          locale,
        );
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const lines = [head.join(',')];
  for (const a of attempts) {
    lines.push(
      [
        csvCell(a.name),
        csvCell(a.score),
        csvCell(a.max_score),
        csvCell(a.percent),
        csvCell(iso(a.started_at)),
        csvCell(iso(a.finished_at)),
        csvCell(a.time_used_seconds),
        csvCell(ended(a.finish_reason)),
        csvCell(a.late_answers),
        ...(handMarked ? [csvCell(marking(a))] : []),
        ...(signals
          ? SIGNAL_COLUMNS.map(([kind]) => csvCell(a.signals === null ? null : (signals.get(a.session)?.[kind] ?? 0)))
          : []),
      ].join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
