/**
 * The one rule for text that people and programs send: well-formed Unicode (no lone UTF-16
 * surrogate, which no database can store as UTF-8), and no control characters (Unicode's Cc: C0
 * U+0000–U+001F, DEL, C1 U+0080–U+009F), except that text allowed to span lines may hold line breaks
 * (LF, CR) and tabs. NUL is refused everywhere: PostgreSQL cannot store it at all.
 *
 * The server applies `textProblemIn` to every string (and every key) of every request's query, path
 * and body; structs mark single-line fields with `Line`, so a line break there is refused too.
 */
import { define, type Struct } from 'superstruct';

export type TextProblem = 'broken' | 'control' | 'line-break';

export const TEXT_PROBLEM_MESSAGES: Record<TextProblem, string> = {
  broken: 'Contains a broken character (invalid Unicode)',
  control: 'Contains a control character',
  'line-break': 'Must be a single line (no line breaks or tabs)',
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
/** Every character some rule above may refuse: text without any is fine under all of them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const MAYBE_REFUSED = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const ANY_CONTROL_RUN = /[\u0000-\u001F\u007F-\u009F]+/g;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * Text from a source that does not follow the rule (a pasted answer, a sign-in provider's claims)
 * made into one line that does: a broken character becomes U+FFFD, each run of control
 * characters (line breaks and tabs included) one space.
 */
export function toLine(value: string): string {
  return value.replace(LONE_SURROGATES, '\uFFFD').replace(ANY_CONTROL_RUN, ' ');
}

/** What is wrong with `value` under the rule, or null. */
export function textProblem(value: string, multiline: boolean): TextProblem | null {
  // Nearly all text holds none of them: one scan instead of three.
  if (!MAYBE_REFUSED.test(value)) return null;
  if (LONE_SURROGATE.test(value)) return 'broken';
  if (CONTROL_BUT_LINE_BREAKS.test(value)) return 'control';
  if (!multiline && LINE_BREAK_OR_TAB.test(value)) return 'line-break';
  return null;
}

export interface TextProblemAt {
  /** Dotted path of the field (`blocks.0.title`), `_` for the value itself. */
  field: string;
  problem: TextProblem;
}

/**
 * The strings of a parsed JSON value (or query) that break the multi-line rule, keys included, in
 * document order, at most `max` of them. Iterative, so that no depth of nesting can overflow the stack.
 */
export function textProblemsIn(value: unknown, max = 20): TextProblemAt[] {
  if (isPlainText(value)) return [];
  const found: TextProblemAt[] = [];
  const stack: Entry[] = [{ item: value, key: '', parent: null }];
  while (stack.length && found.length < max) {
    const entry = stack.pop() as Entry;
    const { item } = entry;
    if (typeof item === 'string') {
      const problem = textProblem(item, true);
      if (problem) found.push({ field: fieldOf(entry), problem });
    } else if (item !== null && typeof item === 'object') {
      const children = Object.entries(item);
      for (let i = children.length - 1; i >= 0; i--) {
        const [key, child] = children[i] as [string, unknown];
        const keyProblem = textProblem(key, false);
        // A bad key cannot name its own field: it is reported on the object that holds it.
        if (keyProblem) found.push({ field: fieldOf(entry), problem: keyProblem });
        else stack.push({ item: child, key, parent: entry });
      }
    }
  }
  return found;
}

/** A value met on the walk; each links to its parent, so that only a bad field's path is spelled out. */
interface Entry {
  item: unknown;
  key: string;
  parent: Entry | null;
}

function fieldOf(entry: Entry | null): string {
  const keys: string[] = [];
  for (let at = entry; at?.parent; at = at.parent) keys.push(at.key);
  return keys.length ? keys.reverse().join('.') : '_';
}

/**
 * Whether no string or key anywhere in the value holds a character any rule may refuse: every
 * request is checked, nearly all pass, and this settles those without building paths.
 */
function isPlainText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (MAYBE_REFUSED.test(item)) return false;
    } else if (item !== null && typeof item === 'object') {
      for (const key of Object.keys(item)) {
        if (MAYBE_REFUSED.test(key)) return false;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return true;
}

/** The first string that breaks the rule, or null. */
export function textProblemIn(value: unknown): TextProblemAt | null {
  return textProblemsIn(value, 1)[0] ?? null;
}

/** A single line of text: the rule, without line breaks or tabs. */
export const Line: Struct<string, null> = define<string>('line', (value) => {
  if (typeof value !== 'string') return 'Expected a string';
  const problem = textProblem(value, false);
  return problem ? TEXT_PROBLEM_MESSAGES[problem] : true;
});

/** Text that may span lines (descriptions, question texts): the rule, with line breaks and tabs. */
export const Paragraph: Struct<string, null> = define<string>('paragraph', (value) => {
  if (typeof value !== 'string') return 'Expected a string';
  const problem = textProblem(value, true);
  return problem ? TEXT_PROBLEM_MESSAGES[problem] : true;
});
