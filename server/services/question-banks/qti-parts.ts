/**
 * QTI's interactions with parts:
 * - `matchInteraction`: its first `simpleMatchSet` the prompts, its second the answers; the correct
 *   `directedPair`s (or the mapping's pairs worth more than 0) say each prompt's answer, and answers
 *   in no pair are distractors;
 * - `associateInteraction` where it is a one-to-one matching: each correct `pair` a prompt (its first
 *   choice) and its answer, the choices in no pair distractors;
 * - `orderInteraction`: the correct response is the order; marked all or nothing unless its response
 *   processing is the partial one Zalik writes (per item in place, or per item followed by its next).
 * A prompt with no answer of its own cannot be a Zalik matching: the item is skipped.
 */
import type { Element } from '@xmldom/xmldom';
import type { OrderingMarking } from '../../../contract/question-types/ordering.ts';
import type { BankAnswer, BankOption } from './bank.ts';
import { child, children, descendants } from './safe-xml.ts';

/** A choice's content read as every QTI text is (qti.ts). */
type Content = (element: Element) => BankOption;

const idOf = (e: Element) => e.getAttribute('identifier') ?? '';

/** The correct response's values, else the mapping's keys worth more than 0. */
function rightValues(declaration: Element): string[] {
  const correct = child(declaration, 'correctResponse');
  const values = correct ? children(correct, 'value').map((v) => (v.textContent ?? '').trim()) : [];
  if (values.length) return values;
  const mapping = child(declaration, 'mapping');
  return (mapping ? children(mapping, 'mapEntry') : [])
    .filter((e) => Number(e.getAttribute('mappedValue')) > 0)
    .map((e) => (e.getAttribute('mapKey') ?? '').trim());
}

const pairsOf = (declaration: Element) =>
  rightValues(declaration)
    .map((value) => value.split(/\s+/))
    .filter((pair): pair is [string, string] => pair.length === 2);

function matchingOf(
  prompts: Element[],
  answers: Element[],
  pairs: [string, string][],
  content: Content,
): BankAnswer | null {
  const promptIds = new Set(prompts.map(idOf));
  // A pair may be written answer first: each pair is taken as (prompt, answer) by where its ids are.
  const answerOf = new Map(pairs.map(([a, b]) => (promptIds.has(a) ? [a, b] : [b, a]) as [string, string]));
  const correct = prompts.map((p) => answers.findIndex((a) => idOf(a) === answerOf.get(idOf(p))));
  if (prompts.length < 2 || correct.includes(-1)) return null;
  return { type: 'matching', prompts: prompts.map(content), options: answers.map(content), correct };
}

export function matchInteraction(interaction: Element, declaration: Element, content: Content): BankAnswer | null {
  const [prompts, answers] = children(interaction, 'simpleMatchSet').map((set) =>
    children(set, 'simpleAssociableChoice'),
  );
  return prompts && answers ? matchingOf(prompts, answers, pairsOf(declaration), content) : null;
}

export function associateInteraction(interaction: Element, declaration: Element, content: Content): BankAnswer | null {
  const choices = children(interaction, 'simpleAssociableChoice');
  const pairs = pairsOf(declaration);
  const firsts = new Set(pairs.map(([a]) => a));
  const seconds = new Set(pairs.map(([, b]) => b));
  // One to one: no choice on both sides, none twice on a side.
  if ([...firsts].some((id) => seconds.has(id)) || firsts.size !== pairs.length || seconds.size !== pairs.length)
    return null;
  const prompts = pairs.flatMap(([a]) => choices.filter((c) => idOf(c) === a));
  return matchingOf(
    prompts,
    choices.filter((c) => !firsts.has(idOf(c))),
    pairs,
    content,
  );
}

/**
 * Whether the right pairs of a match or an association are worth unequal points in its mapping
 * (`PL WAW` 2, `UA KYIV` 1): Zalik gives each right pair an equal share, which the report says.
 */
export function unequalPairs(item: Element, interaction: Element): boolean {
  const id = interaction.getAttribute('responseIdentifier');
  const declaration = children(item, 'responseDeclaration').find((d) => d.getAttribute('identifier') === id);
  const mapping = declaration ? child(declaration, 'mapping') : undefined;
  if (!declaration || !mapping) return false;
  const right = new Set(pairsOf(declaration).map((pair) => pair.join(' ')));
  const values = children(mapping, 'mapEntry')
    .filter((e) => right.has((e.getAttribute('mapKey') ?? '').trim().split(/\s+/).join(' ')))
    .map((e) => Number(e.getAttribute('mappedValue')));
  return new Set(values).size > 1;
}

/** The marking of Zalik's own partial processing (qti-writer's ordering), else all or nothing. */
function markingOf(item: Element): OrderingMarking {
  const processing = child(item, 'responseProcessing');
  if (!processing || descendants(processing, 'index').length === 0) return 'all';
  return descendants(processing, 'and').length > 0 ? 'next' : 'position';
}

export function orderInteraction(
  interaction: Element,
  declaration: Element,
  item: Element,
  content: Content,
): BankAnswer | null {
  const choices = new Map(children(interaction, 'simpleChoice').map((c) => [idOf(c), c] as const));
  const order = rightValues(declaration).map((id) => choices.get(id));
  // One item is read as it is: the type's mapping skips it as too short (types/ordering.ts).
  if (order.length === 0 || order.some((c) => !c) || order.length !== choices.size) return null;
  return { type: 'ordering', options: order.map((c) => content(c as Element)), marking: markingOf(item) };
}
