/**
 * GIFT, Moodle's text format for questions (docs.moodle.org/en/GIFT_format): questions apart by an
 * empty line, `// comments`, `$CATEGORY: path`, an optional `::title::`, a `[html]`, `[markdown]`,
 * `[plain]` or `[moodle]` marker, and the answers between braces:
 * - `{T}` `{FALSE}`: true or false, as a single choice of the two words in the test's language;
 * - `{=right ~wrong}`: a single choice, as any `=` among `~` makes one (Moodle's rule); its `~%50%`
 *   options are partial credit, which Zalik does not give (noted); with several `=`, the first is right;
 * - `{~%50%a ~%50%b ~%-100%c}`, no `=`: several right, each with a share above 0 (Zalik scores a
 *   multiple choice whole, so every option with credit is a correct one);
 * - `{=four =4}`: a short answer, each `=` an accepted variant (one with partial credit is left out);
 * - `{#3:0.5}`, `{#3:2~#feedback}`, `{#1..5}`, `{#=3:0 =%50%3:1}`: a number with its tolerance (a
 *   range is its middle, ± half; answers with partial credit are left out, and noted);
 * - text after the braces makes a "missing word" question: the gap is written `_____`, where the braces
 *   stood, with the text's own spacing around it;
 * - `{=a -> 1 =b -> 2}` a matching (a pair with no prompt an answer that matches none);
 * - `{}` is an essay (marked by hand; GIFT gives no word limits); a text with no braces (a description) is skipped.
 * `\~ \= \# \{ \} \:` are the characters themselves and `\n` a line break (but not `\neq`, `\nu`: TeX's); `#feedback` after an answer is
 * dropped (Zalik has none per option) and `####feedback` is the explanation. GIFT has no points: each is 1.
 */
import { type BankAnswer, BankBuilder, nameOf } from './bank.ts';
import { plainText } from './plain-text.ts';
import { place } from './where.ts';

const ESCAPES: Record<string, string> = {
  '~': '\ue000',
  '=': '\ue001',
  '#': '\ue002',
  '{': '\ue003',
  '}': '\ue004',
  ':': '\ue005',
};
const UNESCAPED = Object.fromEntries(Object.entries(ESCAPES).map(([char, mark]) => [mark, char]));

const hide = (text: string) =>
  text.replace(/\\([~=#{}:]|n(?![a-zA-Z]))/g, (_m, char: string) => (char === 'n' ? '\n' : (ESCAPES[char] as string)));
const show = (text: string) => text.replace(/[\ue000-\ue005]/g, (mark) => UNESCAPED[mark] as string);

/** A text of the file: its format marker read, its escapes put back. */
function textOf(raw: string, html: boolean): string {
  const marked = /^\s*\[(html|markdown|plain|moodle)\]/i.exec(raw);
  const isHtml = marked ? marked[1]?.toLowerCase() === 'html' : html;
  return plainText(show(marked ? raw.slice(marked[0].length) : raw), isHtml);
}

interface Chunk {
  line: number;
  text: string;
}

/** The questions of a file, each with the line it starts on; comments and empty lines between them go. */
function chunksOf(source: string): Chunk[] {
  const chunks: Chunk[] = [];
  let current: Chunk | null = null;
  source.split(/\r\n?|\n/).forEach((line, at) => {
    if (/^\s*\/\//.test(line)) return;
    if (line.trim() === '') {
      current = null;
      return;
    }
    if (current) current.text += `\n${line}`;
    else {
      current = { line: at + 1, text: line };
      chunks.push(current);
    }
  });
  return chunks;
}

interface Choice {
  right: boolean;
  weight: number | null;
  text: string;
}

function choicesOf(inside: string): Choice[] {
  return [...inside.matchAll(/([=~])([^=~]*)/g)].map(([, mark, rest = '']) => {
    const weight = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(rest);
    const body = (weight ? rest.slice(weight[0].length) : rest).split('#')[0] ?? '';
    return { right: mark === '=', weight: weight ? Number(weight[1]) : null, text: body.trim() };
  });
}

type Read =
  | { answer: BankAnswer; note?: 'bankWeightsRead' | 'bankPartialVariant' | 'bankPartialChoice' }
  | { skip: string };

const fullCredit = (c: Choice) => c.weight === null || c.weight >= 100;

function numberAnswer(inside: string): Read {
  const answers = inside.slice(1).trim();
  const rights = answers.startsWith('=') ? choicesOf(answers).filter((c) => c.right) : [];
  const list = rights.filter(fullCredit);
  // The compact form's `~` starts a wrong answer's feedback, as `#` starts feedback.
  const written = list.length ? (list[0]?.text ?? '') : (answers.split(/[#~]/)[0] ?? '').trim();
  const note = list.length < rights.length ? { note: 'bankPartialVariant' as const } : {};
  const range = /^(-?[\d.]+(?:e-?\d+)?)\.\.(-?[\d.]+(?:e-?\d+)?)$/i.exec(written);
  if (range) {
    const [low, high] = [Number(range[1]), Number(range[2])];
    if (Number.isFinite(low) && Number.isFinite(high) && low <= high) {
      return { answer: { type: 'number', correct: (low + high) / 2, tolerance: (high - low) / 2 }, ...note };
    }
  }
  const [value = '', tolerance = '0'] = written.split(':');
  const [correct, within] = [Number(value), Number(tolerance)];
  if (value.trim() === '' || !Number.isFinite(correct) || !Number.isFinite(within)) return { skip: 'numerical' };
  return { answer: { type: 'number', correct, tolerance: Math.abs(within) }, ...note };
}

/** `=prompt -> answer` pairs; a pair without a prompt is an answer that matches none (a distractor). */
function matchingAnswer(inside: string, html: boolean): Read {
  const prompts: { text: string }[] = [];
  const options: { text: string }[] = [];
  const correct: number[] = [];
  for (const pair of choicesOf(inside)) {
    const split = pair.text.indexOf('->');
    if (split < 0) return { skip: 'matching' };
    const prompt = textOf(pair.text.slice(0, split), html).trim();
    const answer = textOf(pair.text.slice(split + 2), html).trim();
    if (!answer) continue;
    // Equal answer texts are one answer, as Moodle shows them once.
    const found = options.findIndex((o) => o.text === answer);
    const at = found >= 0 ? found : options.push({ text: answer }) - 1;
    if (prompt) {
      prompts.push({ text: prompt });
      correct.push(at);
    }
  }
  return prompts.length >= 2 ? { answer: { type: 'matching', prompts, options, correct } } : { skip: 'matching' };
}

function answerOf(inside: string, html: boolean, trueFalse: [string, string]): Read {
  const trimmed = inside.trim();
  if (trimmed === '') return { answer: { type: 'essay' } };
  const truth = /^(T|TRUE|F|FALSE)\s*(#|$)/i.exec(trimmed);
  if (truth) {
    const right = truth[1]?.toUpperCase().startsWith('T') ? 0 : 1;
    return { answer: { type: 'single', options: trueFalse.map((text) => ({ text })), correct: [right] } };
  }
  if (trimmed.startsWith('#')) return numberAnswer(trimmed);
  if (trimmed.includes('->')) return matchingAnswer(trimmed, html);
  const choices = choicesOf(trimmed).map((c) => ({ ...c, text: textOf(c.text, html) }));
  if (choices.length === 0) return { skip: 'unknown' };
  if (choices.every((c) => c.right)) {
    const full = choices.filter(fullCredit);
    const note = full.length < choices.length ? 'bankPartialVariant' : undefined;
    return { answer: { type: 'text', accepted: full.map((c) => c.text) }, ...(note ? { note } : {}) };
  }
  const options = choices.map((c) => ({ text: c.text }));
  if (choices.some((c) => c.right)) {
    const right = Math.max(
      0,
      choices.findIndex((c) => c.right && fullCredit(c)),
    );
    const othersCredited = choices.some((c, at) => at !== right && (c.right || (c.weight !== null && c.weight > 0)));
    return {
      answer: { type: 'single', options, correct: [right] },
      ...(othersCredited ? { note: 'bankPartialChoice' as const } : {}),
    };
  }
  const credited = (c: Choice) => (c.weight === null ? c.right : c.weight > 0);
  const correct = choices.flatMap((c, at) => (credited(c) ? [at] : []));
  const weighted = choices.some((c) => c.weight !== null && c.weight > 0);
  if (!weighted && correct.length === 1) return { answer: { type: 'single', options, correct } };
  return { answer: { type: 'multiple', options, correct }, ...(weighted ? { note: 'bankWeightsRead' } : {}) };
}

/** Reads a GIFT file; `trueFalse` are the words for true and false in the test's language. */
export function readGift(source: string, trueFalse: [string, string]): BankBuilder {
  const bank = new BankBuilder('gift');
  for (const chunk of chunksOf(hide(source.replace(/^\uFEFF/, '')))) {
    const where = place.line(chunk.line);
    const category = /^\s*\$CATEGORY:\s*(.*)$/i.exec(chunk.text);
    if (category) {
      bank.category(
        show(category[1] ?? '')
          .replace(/^\$(course|system|module)\$\//, '')
          .replace(/^top\//, '')
          .trim(),
      );
      continue;
    }
    let text = chunk.text;
    const titled = /^\s*::([\s\S]*?)::/.exec(text);
    const title = titled ? plainText(show(titled[1] ?? ''), false) : undefined;
    if (titled) text = text.slice(titled[0].length);
    const html = /^\s*\[html\]/i.test(text);
    const open = text.indexOf('{');
    const close = open === -1 ? -1 : text.indexOf('}', open);
    if (open === -1 || close === -1) {
      bank.skip(where, nameOf(title, textOf(text, html)), 'bankUnsupportedType', { type: 'description' });
      continue;
    }
    const after = text.slice(close + 1).trim();
    const [inside = '', general] = text.slice(open + 1, close).split('####');
    // The gap stands where the braces stood, with the text's own spacing around it ("{=s}" may end a word).
    const question = textOf(
      after ? `${text.slice(0, open)}_____${text.slice(close + 1).trimEnd()}` : text.slice(0, open),
      html,
    );
    const name = nameOf(title, question);
    const read = answerOf(inside, html, trueFalse);
    if ('skip' in read) {
      bank.skip(where, name, 'bankUnsupportedType', { type: read.skip });
      continue;
    }
    if (read.note) bank.note(where, name, read.note);
    const explanation = general ? textOf(general, html) : '';
    bank.add({ where, name, text: question, points: 1, answer: read.answer, ...(explanation ? { explanation } : {}) });
  }
  return bank;
}
