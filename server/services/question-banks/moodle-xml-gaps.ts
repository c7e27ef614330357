/**
 * Moodle XML's questions of gaps in a text, read as Zalik's gaps question (its passage's gaps written
 * `[[g1]]`, `[[g2]]`…; the question's name is its instruction, as the passage is its whole text):
 * - `cloze` (as Moodle 4 exports embedded answers) or `multianswer`: `{1:SHORTANSWER:=Paris~%50%Lyon}`
 *   and its short names (SA, MW; `_C` and SAC, MWC where case counts) a typed gap with its answers at
 *   full credit; NUMERICAL (NM) a number gap, `=4:0.5` its value and tolerance; MULTICHOICE (MC) and
 *   its layouts (`_V`, `_H`, `_S`…) a drop-down, its option at full credit the right one (an empty
 *   option, which Moodle leaves out, is none). The number before the type is the gap's weight (none:
 *   1), and the question's points are their sum, as Moodle counts them (it never reads a Cloze
 *   question's `defaultgrade`); unequal weights are kept, but weights Zalik cannot hold (0, over 100)
 *   become equal shares, noted. Partial credit and wildcard answers are noted. Refused, with the
 *   reason: a part Zalik cannot hold (MULTIRESPONSE, several answers at once), a right answer that is
 *   empty (`{1:SHORTANSWER:=}`: Moodle itself reads no gap there), and a gap written inside another's
 *   braces (read as text it would be a wrong key);
 * - `gapselect` and `ddwtos` (drag and drop into text, taken as drop-downs): `[[n]]` is the n-th
 *   choice's place, its drop-down every choice of the same group (an empty one none; a place whose
 *   own choice is empty refuses the question, as an empty key).
 */
import type { Element } from '@xmldom/xmldom';
import { GAP_WEIGHT_MAX } from '../../../contract/question-types/gaps.ts';
import type { BankAnswer, BankGap } from './bank.ts';
import { richText } from './moodle-xml-text.ts';
import { plainText } from './plain-text.ts';
import { child, children, textAt } from './safe-xml.ts';

export type GapsNote = 'bankGapWeights' | 'bankPartialVariant' | 'bankWildcardVariant' | 'bankPartialChoice';

/** Why a Cloze question is refused: its gap (counted from 1) has an empty right answer, or holds another gap. */
export type GapsRefusal = { refused: 'bankGapEmptyKey' | 'bankGapNested'; gap: number };

/** `points`: the question's own, where the format counts them (a Cloze question's, its weights' sum). */
type Read = { answer: BankAnswer; notes: GapsNote[]; points?: number } | { unheld: string } | GapsRefusal | null;

/** A Cloze subquestion: `{weight:TYPE:answers}`, its braces and separators escaped with `\`. */
const CLOZE = /\{(\d*):([A-Z_]+):((?:\\.|[^\\}])*)\}/g;

const unescaped = (text: string) => text.replace(/\\(.)/g, '$1');

/** A Cloze part's answers: each with its credit (0 to 100) and its text, feedback left out. */
function answersOf(body: string): { credit: number; text: string }[] {
  return body.split(/(?<!\\)~/).map((raw) => {
    const credit = raw.startsWith('=') ? 100 : Number(/^%(-?\d+(?:\.\d+)?)%/.exec(raw)?.[1] ?? 0);
    const text = raw.replace(/^=|^%-?\d+(?:\.\d+)?%/, '').split(/(?<!\\)#/)[0] ?? '';
    return { credit, text: unescaped(text).trim() };
  });
}

/** A gap's code inside another's braces (`{1:SA:={2:SA:=x}}`): the regexp ends the outer one at the inner `}`. */
const NESTED = /(?<!\\)\{\d*:[A-Z_]+:/;

function clozeGap(kind: string, body: string, notes: Set<GapsNote>): BankGap | { unheld: string } | 'empty' | null {
  const answers = answersOf(body);
  const full = answers.filter((a) => a.credit >= 100);
  if (full.some((a) => a.text === '' || (/^(NUMERICAL|NM)$/.test(kind) && a.text.startsWith(':')))) return 'empty';
  const partial = answers.some((a) => a.credit > 0 && a.credit < 100);
  if (/^(NUMERICAL|NM)$/.test(kind)) {
    if (partial) notes.add('bankPartialVariant');
    const [value = '', tolerance = '0'] = (full[0]?.text ?? '').split(':');
    const [correct, within] = [Number(value), Number(tolerance)];
    return value && Number.isFinite(correct) && Number.isFinite(within)
      ? { kind: 'number', correct, tolerance: Math.abs(within) }
      : null;
  }
  if (/^(MULTICHOICE|MC)(_?[VHS]{1,2})?$/.test(kind)) {
    if (partial) notes.add('bankPartialChoice');
    // An empty option is none: Moodle leaves it out (a `~` too many, a "choose…" placeholder).
    const options = answers.filter((a) => a.text !== '');
    const correct = options.findIndex((a) => a.credit >= 100);
    return correct < 0 ? null : { kind: 'choice', options: options.map((a) => ({ text: a.text })), correct };
  }
  if (/^(SHORTANSWER|SA|MW)(_?C)?$/.test(kind)) {
    if (partial) notes.add('bankPartialVariant');
    const wild = full.filter((a) => a.text.includes('*'));
    if (wild.length) notes.add('bankWildcardVariant');
    const accepted = full.filter((a) => !a.text.includes('*')).map((a) => a.text);
    return accepted.length ? { kind: 'text', accepted, caseSensitive: /C$/.test(kind) } : null;
  }
  return { unheld: kind };
}

export function clozeRead(question: Element): Read {
  const text = richText(child(question, 'questiontext')).text;
  const gaps: BankGap[] = [];
  const notes = new Set<GapsNote>();
  const weights: number[] = [];
  let unheld: string | null = null;
  let refused: GapsRefusal | null = null;
  let broken = false;
  const passage = text.replace(CLOZE, (_code, weight: string, kind: string, body: string) => {
    const at = weights.push(weight === '' ? 1 : Number(weight));
    const gap = NESTED.test(body) ? 'nested' : clozeGap(kind, body, notes);
    if (gap === 'nested' || gap === 'empty')
      refused ??= { refused: gap === 'nested' ? 'bankGapNested' : 'bankGapEmptyKey', gap: at };
    else if (gap && 'unheld' in gap) unheld ??= gap.unheld;
    else if (gap) gaps.push(gap);
    else broken = true;
    return `[[g${gaps.length}]]`;
  });
  if (refused) return refused;
  if (unheld) return { unheld };
  if (broken || gaps.length === 0) return null;
  const points = weights.reduce((sum, w) => sum + w, 0);
  const equal = weights.every((w) => w === weights[0]);
  // Weights Zalik holds are kept gap by gap; others (0, past the most) become equal shares, said so.
  const held = weights.every((w) => Number.isInteger(w) && w >= 1 && w <= GAP_WEIGHT_MAX);
  if (!equal && !held) notes.add('bankGapWeights');
  const weighed = equal || !held ? gaps : gaps.map((gap, at) => ({ ...gap, weight: weights[at] ?? 1 }));
  return { answer: { type: 'gaps', passage, gaps: weighed }, notes: [...notes], points: points > 0 ? points : 1 };
}

/** `gapselect` (`<selectoption>`) and `ddwtos` (`<dragbox>`): each `[[n]]` a drop-down of its choice's group. */
export function choicesInTextRead(question: Element, tag: 'selectoption' | 'dragbox'): Read {
  const choices = children(question, tag).map((c) => ({
    text: plainText(textAt(c, 'text'), false).trim(),
    group: textAt(c, 'group').trim() || '1',
  }));
  const text = richText(child(question, 'questiontext')).text;
  const gaps: BankGap[] = [];
  let broken = false;
  let refused: GapsRefusal | null = null;
  const passage = text.replace(/\[\[(\d+)\]\]/g, (_marker, n: string) => {
    const right = choices[Number(n) - 1];
    if (!right) {
      broken = true;
      return '';
    }
    // An empty choice is no option of a drop-down; as a place's own answer it is an empty key.
    if (right.text === '') refused ??= { refused: 'bankGapEmptyKey', gap: gaps.length + 1 };
    const options = choices.filter((c) => c.group === right.group && c.text !== '');
    gaps.push({ kind: 'choice', options: options.map((c) => ({ text: c.text })), correct: options.indexOf(right) });
    return `[[g${gaps.length}]]`;
  });
  if (refused) return refused;
  return broken || gaps.length === 0 ? null : { answer: { type: 'gaps', passage, gaps }, notes: [] };
}
