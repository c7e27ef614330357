/**
 * Moodle XML's questions of gaps in a text, read as Zalik's gaps question (its passage's gaps written
 * `[[g1]]`, `[[g2]]`…; the question's name is its instruction, as the passage is its whole text):
 * - `multianswer` (embedded answers, Cloze): `{1:SHORTANSWER:=Paris~%50%Lyon}` and its short names
 *   (SA, MW; `_C` and SAC, MWC where case counts) a typed gap with its answers at full credit;
 *   NUMERICAL (NM) a number gap, `=4:0.5` its value and tolerance; MULTICHOICE (MC) and its layouts
 *   (`_V`, `_H`, `_S`…) a drop-down, its option at full credit the right one. A part Zalik cannot hold
 *   (MULTIRESPONSE, several answers at once) skips the question and is named. Zalik weighs gaps
 *   equally: other weights, partial credit and wildcard answers are noted;
 * - `gapselect` and `ddwtos` (drag and drop into text, taken as drop-downs): `[[n]]` is the n-th
 *   choice's place, its drop-down every choice of the same group.
 */
import type { Element } from '@xmldom/xmldom';
import type { BankAnswer, BankGap } from './bank.ts';
import { richText } from './moodle-xml-text.ts';
import { plainText } from './plain-text.ts';
import { child, children, textAt } from './safe-xml.ts';

export type GapsNote = 'bankGapWeights' | 'bankPartialVariant' | 'bankWildcardVariant' | 'bankPartialChoice';

type Read = { answer: BankAnswer; notes: GapsNote[] } | { unheld: string } | null;

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

function clozeGap(kind: string, body: string, notes: Set<GapsNote>): BankGap | { unheld: string } | null {
  const answers = answersOf(body);
  const full = answers.filter((a) => a.credit >= 100);
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
    const correct = answers.findIndex((a) => a.credit >= 100);
    return correct < 0 ? null : { kind: 'choice', options: answers.map((a) => ({ text: a.text })), correct };
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
  const weights = new Set<string>();
  let unheld: string | null = null;
  let broken = false;
  const passage = text.replace(CLOZE, (_code, weight: string, kind: string, body: string) => {
    weights.add(weight || '1');
    const gap = clozeGap(kind, body, notes);
    if (gap && 'unheld' in gap) unheld ??= gap.unheld;
    else if (gap) gaps.push(gap);
    else broken = true;
    return `[[g${gaps.length}]]`;
  });
  if (unheld) return { unheld };
  if (broken || gaps.length === 0) return null;
  if (weights.size > 1) notes.add('bankGapWeights');
  return { answer: { type: 'gaps', passage, gaps }, notes: [...notes] };
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
  const passage = text.replace(/\[\[(\d+)\]\]/g, (_marker, n: string) => {
    const right = choices[Number(n) - 1];
    if (!right) {
      broken = true;
      return '';
    }
    const options = choices.filter((c) => c.group === right.group);
    gaps.push({ kind: 'choice', options: options.map((c) => ({ text: c.text })), correct: options.indexOf(right) });
    return `[[g${gaps.length}]]`;
  });
  return broken || gaps.length === 0 ? null : { answer: { type: 'gaps', passage, gaps }, notes: [] };
}
