/**
 * Where a question stands in its file, as the readers write it (`line 12`, `line 12 (question 4)`,
 * `row 3`, `item q7`: the forms a bank keeps, and its tests read), said in the report's language
 * (`рядок 12 (запитання 4)`). A form the readers do not write is said as it is.
 */
import type { Locale } from '../../../contract/locale.ts';
import { phrase, say } from '../../i18n/messages.ts';

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
