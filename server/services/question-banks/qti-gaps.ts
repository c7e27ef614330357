/**
 * QTI's gaps in a text: text entries and inline choices inside the item's sentences. The block that
 * holds them is the passage (each gap written `[[g1]]`, `[[g2]]`…), the rest of the body its
 * instruction. A text entry of `float` or `integer` is a number gap (its tolerance from an absolute
 * `equal` on its response), of `string` a typed gap (the correct value and every mapped value worth
 * more than 0 accepted, case counting where the mapping says so); an inline choice is a drop-down, an
 * empty choice in it (a "choose…" placeholder) no option. A gap whose right answer is empty (an empty
 * correct value, an empty choice as the right one) refuses the question, with the gap named. Each
 * gap's share of the score is its weight (qti-gap-weights.ts).
 */
import type { Element } from '@xmldom/xmldom';
import type { BankAnswer, BankGap } from './bank.ts';
import { weighedGaps } from './qti-gap-weights.ts';
import { child, children, descendants } from './safe-xml.ts';

/** The text of a node: `skip` elements left out, `mark` what a gap is written as. */
type Content = (node: Element, skip?: (e: Element) => boolean, mark?: (e: Element) => string) => string;

const BLOCK = /^(?:p|div|li|td|blockquote)$/;

function declarationOf(item: Element, id: string | null): Element | undefined {
  return children(item, 'responseDeclaration').find((d) => d.getAttribute('identifier') === id);
}

function valuesOf(declaration: Element): string[] {
  const correct = child(declaration, 'correctResponse');
  return correct ? children(correct, 'value').map((v) => (v.textContent ?? '').trim()) : [];
}

/** Why a gaps item is refused: its gap (counted from 1) has an empty right answer. */
export type QtiGapsRefusal = { refused: 'bankGapEmptyKey'; gap: number };

function gapOf(item: Element, interaction: Element, content: Content): BankGap | 'empty' | null {
  const id = interaction.getAttribute('responseIdentifier');
  const declaration = declarationOf(item, id);
  if (!declaration) return null;
  const right = valuesOf(declaration);
  const entries = children(child(declaration, 'mapping') ?? declaration, 'mapEntry').filter(
    (e) => Number(e.getAttribute('mappedValue')) > 0,
  );
  if (interaction.localName === 'inlineChoiceInteraction') {
    const choices = children(interaction, 'inlineChoice').map((c) => ({
      id: c.getAttribute('identifier'),
      text: content(c).trim(),
    }));
    const wanted = right[0] ?? entries[0]?.getAttribute('mapKey') ?? '';
    if (choices.some((c) => c.id === wanted && c.text === '')) return 'empty';
    const options = choices.filter((c) => c.text !== '');
    const correct = options.findIndex((c) => c.id === wanted);
    return correct < 0 ? null : { kind: 'choice', options: options.map((c) => ({ text: c.text })), correct };
  }
  // A correct value written empty (`<value></value>`): the key is empty, not missing.
  if (right.length > 0 && right.every((value) => value === '') && entries.length === 0) return 'empty';
  const baseType = declaration.getAttribute('baseType');
  if (baseType === 'float' || baseType === 'integer') {
    const correct = Number(right[0]);
    if (!right[0] || !Number.isFinite(correct)) return null;
    const equal = descendants(item, 'equal').find(
      (e) =>
        e.getAttribute('toleranceMode') === 'absolute' &&
        descendants(e, 'variable').some((v) => v.getAttribute('identifier') === id),
    );
    const tolerance = Number((equal?.getAttribute('tolerance') ?? '0').trim().split(/\s+/)[0]);
    return { kind: 'number', correct, tolerance: Number.isFinite(tolerance) ? Math.abs(tolerance) : 0 };
  }
  const accepted = [...new Set([...right, ...entries.map((e) => e.getAttribute('mapKey') ?? '')].filter(Boolean))];
  const caseSensitive = entries.some((e) => e.getAttribute('caseSensitive') === 'true');
  return accepted.length ? { kind: 'text', accepted, caseSensitive } : null;
}

/** The block of the body that holds the first gap: the passage. */
function passageBlock(body: Element, first: Element): Element {
  let at: Element = first;
  while (at.parentNode && at.parentNode !== body) {
    at = at.parentNode as Element;
    if (BLOCK.test(at.localName ?? '')) return at;
  }
  return body;
}

export function inlineGaps(
  item: Element,
  body: Element,
  interactions: Element[],
  content: Content,
): { answer: BankAnswer; instruction: string; weightsLost: boolean } | QtiGapsRefusal | null {
  const gaps = interactions.map((interaction) => gapOf(item, interaction, content));
  const empty = gaps.indexOf('empty');
  if (empty >= 0) return { refused: 'bankGapEmptyKey', gap: empty + 1 };
  if (gaps.some((gap) => gap === null) || !interactions[0]) return null;
  // The passage is the block of the first gap where it holds them all, else the whole body.
  const first = passageBlock(body, interactions[0]);
  const within = (e: Element) => {
    for (let at: Element | null = e; at; at = at.parentNode as Element | null) if (at === first) return true;
    return false;
  };
  const block = interactions.every(within) ? first : body;
  const numbers = new Map(interactions.map((e, at) => [e, at + 1] as const));
  const passage = content(block, undefined, (e) => `[[g${numbers.get(e) ?? 0}]]`).trim();
  const instruction = block === body ? '' : content(body, (e) => e === block).trim();
  const weighed = weighedGaps(item, interactions, gaps as BankGap[]);
  return { answer: { type: 'gaps', passage, gaps: weighed.gaps }, instruction, weightsLost: weighed.lost };
}
