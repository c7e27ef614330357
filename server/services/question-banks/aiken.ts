/**
 * Aiken (docs.moodle.org/en/Aiken_format): a single choice per question, its text on the first lines,
 * each option on a line of its own starting `A.` or `A)`, and `ANSWER: B` closing the question. A
 * question without options, or whose answer names no option, is skipped and said; empty lines between
 * questions are allowed. Each question is worth 1 point.
 */
import { BankBuilder, nameOf } from './bank.ts';
import { plainText } from './plain-text.ts';
import { place } from './where.ts';

const OPTION = /^([A-Z])[.)]\s+(.*)$/;
const ANSWER = /^ANSWER\s*:\s*([A-Z])\s*$/i;

export function readAiken(source: string): BankBuilder {
  const bank = new BankBuilder('aiken');
  let start = 0;
  let text: string[] = [];
  let options: { letter: string; text: string }[] = [];
  const reset = () => {
    text = [];
    options = [];
  };
  source
    .replace(/^\uFEFF/, '')
    .split(/\r\n?|\n/)
    .forEach((raw, at) => {
      const line = raw.trim();
      if (line === '' && options.length === 0 && text.length === 0) return;
      if (text.length === 0 && options.length === 0) start = at + 1;
      const answer = ANSWER.exec(line);
      const option = OPTION.exec(line);
      if (answer) {
        const question = plainText(text.join('\n'), false);
        const where = place.line(start);
        const correct = options.findIndex((o) => o.letter === answer[1]?.toUpperCase());
        if (options.length < 2 || correct === -1) bank.skip(where, nameOf(undefined, question), 'bankAikenUnreadable');
        else {
          bank.add({
            where,
            name: nameOf(undefined, question),
            text: question,
            points: 1,
            answer: {
              type: 'single',
              options: options.map((o) => ({ text: plainText(o.text, false) })),
              correct: [correct],
            },
          });
        }
        reset();
      } else if (option && text.length > 0) {
        options.push({ letter: option[1] as string, text: option[2] ?? '' });
      } else if (options.length > 0) {
        // A line after the options that is neither an option nor the answer continues the last option.
        const last = options.at(-1);
        if (last && line) last.text += ` ${line}`;
      } else if (line) {
        text.push(line);
      }
    });
  if (text.length > 0 || options.length > 0) {
    const question = plainText(text.join('\n'), false);
    bank.skip(place.line(start), nameOf(undefined, question), 'bankAikenUnreadable');
  }
  return bank;
}
