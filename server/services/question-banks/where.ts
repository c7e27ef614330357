/**
 * Where a question stands in its file: the readers write it with `place` (`line 12`, `line 12
 * (question 4)`, `row 3`, `item q7`: the forms a bank keeps, and its tests read), and the report says
 * it in its own language with `sayWhere` (`рядок 12 (запитання 4)`). A form not made by `place` is said
 * as it is.
 */
import type { Locale } from '../../../contract/locale.ts';
import { phrase, say } from '../../i18n/messages.ts';

export const place = {
  line: (line: number) => `line ${line}`,
  question: (line: number | null, n: number) => `line ${line ?? '?'} (question ${n})`,
  row: (row: number) => `row ${row}`,
  item: (id: string) => `item ${id}`,
};

export function sayWhere(where: string, locale: Locale): string {
  const lineQuestion = /^line (\d+|\?) \(question (\d+)\)$/.exec(where);
  if (lineQuestion) {
    const [, line = '?', n = ''] = lineQuestion;
    return line === '?'
      ? say(phrase('bankAtQuestion', { n }), locale)
      : say(phrase('bankAtLineQuestion', { line, n }), locale);
  }
  const line = /^line (\d+)$/.exec(where)?.[1];
  if (line) return say(phrase('bankAtLine', { line }), locale);
  const row = /^row (\d+)$/.exec(where)?.[1];
  if (row) return say(phrase('bankAtRow', { row }), locale);
  const item = /^item (.+)$/s.exec(where)?.[1];
  if (item !== undefined) return say(phrase('bankAtItem', { id: item }), locale);
  return where;
}
