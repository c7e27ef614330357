/**
 * The analysis as CSV, as Moodle's statistics download lays it out: first the test's figures (two
 * columns, figure and value), an empty line, then a row per question with a row per option (the
 * distractor analysis) or part under it. UTF-8 with a byte-order mark so spreadsheets read Cyrillic
 * and Polish; headings in the tutor's language; a question's type as lesson files name it
 * (`single`, `matching`…); shares as percents to one decimal, indexes to three, points as stored.
 */
import type { QuestionAnalysis } from '../../../contract/assignment-results.ts';
import type { Locale } from '../../../contract/locale.ts';
import { type MessageKey, message } from '../../i18n/messages.ts';
import { csvCell } from '../platform/csv-cell.ts';

const percent = (share: number | null | undefined) =>
  share === null || share === undefined ? null : Math.round(share * 1000) / 10;
const rounded = (value: number | null, places = 3) =>
  value === null ? null : Math.round(value * 10 ** places) / 10 ** places;

const QUESTION_HEAD: MessageKey[] = [
  'csvNumber',
  'csvQuestionText',
  'csvOptionOrPart',
  'csvType',
  'csvPoints',
  'csvAttempts',
  'csvAnswered',
  'csvFacility',
  'csvDiscrimination',
  'csvFlag',
  'csvAwaitingMarking',
  'csvPicked',
  'csvUpperPicked',
  'csvLowerPicked',
];

export function analysisCsv(analysis: QuestionAnalysis, locale: Locale): string {
  const say = (key: MessageKey) => message(key, locale);
  const row = (cells: (string | number | null)[]) => cells.map(csvCell).join(',');
  const { test } = analysis;
  const figures: [MessageKey, number | null][] = [
    ['csvFinishedAttempts', analysis.attempts],
    ['csvAttemptsCounted', test.attempts],
    ['csvQuestionsAsked', test.positions],
    ['csvMaxScore', test.max_score],
    ['csvMean', rounded(test.mean, 2)],
    ['csvMedian', rounded(test.median, 2)],
    ['csvSd', rounded(test.sd, 2)],
    ['csvAlpha', rounded(test.alpha)],
    ['csvKr20', rounded(test.kr20)],
    ['csvSem', rounded(test.sem, 2)],
  ];
  const lines = [row([say('csvFigure'), say('csvValue')]), ...figures.map(([key, value]) => row([say(key), value]))];
  lines.push('', row(QUESTION_HEAD.map(say)));
  analysis.questions.forEach((q, at) => {
    const flag =
      q.flag === 'negative' ? say('csvFlagNegative') : q.flag === 'near_zero' ? say('csvFlagNearZero') : null;
    lines.push(
      row([
        at + 1,
        q.text,
        null,
        q.type,
        q.points,
        q.attempts,
        q.answered,
        percent(q.facility),
        rounded(q.discrimination),
        flag,
        q.pending ?? null,
        null,
        null,
        null,
      ]),
    );
    for (const o of q.options ?? [])
      lines.push(
        row([
          at + 1,
          null,
          o.text,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          o.picked,
          percent(o.upper),
          percent(o.lower),
        ]),
      );
    for (const p of q.parts ?? [])
      lines.push(
        row([at + 1, null, p.text, null, null, null, null, percent(p.facility), null, null, null, null, null, null]),
      );
  });
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
