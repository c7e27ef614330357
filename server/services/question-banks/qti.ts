/**
 * IMS QTI 2.1 and 2.2 (the format of TAO, Inspera, Canvas and Blackboard exports): one
 * `assessmentItem` per question, alone or in a content package (a zip whose `imsmanifest.xml` lists the
 * items, and may list a test whose sections are the categories).
 * - `choiceInteraction`: `maxChoices="1"` a single choice, else a multiple one; the correct options are the
 *   `correctResponse` values (or, without them, the mapping's entries worth more than 0);
 * - `textEntryInteraction` of `string`: the correct value and every mapped value worth more than 0 are
 *   accepted; of `float` or `integer`: a number, its tolerance from an `equal` of absolute tolerance;
 * - the text is the item body's (its `prompt` too) with a text entry written `_____`; MathML becomes TeX
 *   (mathml-tex.ts); the first `<img>` of the question or an option is its picture, read from the package;
 * - points: `MAXSCORE`'s default, else 1; the first `modalFeedback` is the explanation;
 * - `matchInteraction`, a one-to-one `associateInteraction` and `orderInteraction`: qti-parts.ts;
 * - text entries and inline choices in a sentence (several, or one inline choice): gaps, qti-gaps.ts;
 * - an item with another interaction (hotspot, graphic order…), with several, or none, is skipped and
 *   said by its interaction's name; a gap match (words dragged into gaps) says why: Zalik's gaps are
 *   typed or chosen from a list. A match or an association whose right pairs are worth unequal
 *   points is taken with equal shares, and noted.
 */
import type { Document, Element, Node } from '@xmldom/xmldom';
import { type Phrase, phrase } from '../../i18n/messages.ts';
import { type BankAnswer, BankBuilder, type BankImage, type BankQuestion, nameOf, pointsOf } from './bank.ts';
import { mathmlToTex } from './mathml-tex.ts';
import { plainText } from './plain-text.ts';
import { inlineGaps } from './qti-gaps.ts';
import { associateInteraction, matchInteraction, orderInteraction, unequalPairs } from './qti-parts.ts';
import { pictureIn, picturesLeftOut } from './qti-pictures.ts';
import { child, children, descendants, parseXml } from './safe-xml.ts';
import { joinPath } from './safe-zip.ts';
import { place } from './where.ts';

const BLOCKS = /^(?:p|div|li|tr|h[1-6]|pre|blockquote|ul|ol|table)$/;
const PAIRED = new Set(['matchInteraction', 'associateInteraction']);
const TAKEN = new Set([
  'choiceInteraction',
  'textEntryInteraction',
  'matchInteraction',
  'associateInteraction',
  'orderInteraction',
  'extendedTextInteraction',
]);
/** The interactions that sit in a sentence: a passage of them is a gaps question. */
const INLINE = new Set(['textEntryInteraction', 'inlineChoiceInteraction']);
/** The elements of an interaction that are its options, not the question's text. */
const OPTIONS = new Set(['simpleChoice', 'simpleAssociableChoice', 'feedbackInline']);

interface Read {
  text: string;
  image?: BankImage;
}

/** `resolve`: a picture's bytes by its `src` (null where the file does not hold it). */
type Resolve = (src: string) => Uint8Array | null;

/** `mark`: what an inline interaction (a gap) is written as, where the text holds gaps. */
function readContent(
  node: Element,
  resolve: Resolve,
  skip: (e: Element) => boolean = () => false,
  mark?: (e: Element) => string,
): Read {
  let text = '';
  let image: BankImage | undefined;
  const walk = (current: Node) => {
    for (let at = current.firstChild; at; at = at.nextSibling) {
      if (at.nodeType === at.TEXT_NODE || at.nodeType === at.CDATA_SECTION_NODE) text += at.nodeValue ?? '';
      if (at.nodeType !== at.ELEMENT_NODE) continue;
      const element = at as Element;
      const name = element.localName ?? '';
      if (skip(element)) continue;
      if (name === 'math') text += mathmlToTex(element);
      else if (mark && INLINE.has(name)) text += mark(element);
      else if (name === 'textEntryInteraction') {
        // A gap in a sentence is written `_____`; an entry on a line of its own is only where the answer goes.
        const around = (current.textContent ?? '').trim();
        if (around) text += '_____';
      } else if (name === 'br') text += '\n';
      else if (pictureIn(element)) {
        const { src, alt } = pictureIn(element) as { src: string; alt: string };
        image ??= { name: src, bytes: resolve(src), alt };
      } else {
        if (BLOCKS.test(name)) text += '\n';
        walk(element);
        if (BLOCKS.test(name)) text += '\n';
      }
    }
  };
  walk(node);
  return { text: plainText(text, false), ...(image ? { image } : {}) };
}

function values(declaration: Element): string[] {
  const correct = child(declaration, 'correctResponse');
  return correct ? children(correct, 'value').map((v) => (v.textContent ?? '').trim()) : [];
}

function mapped(declaration: Element): string[] {
  const mapping = child(declaration, 'mapping');
  if (!mapping) return [];
  return children(mapping, 'mapEntry')
    .filter((e) => Number(e.getAttribute('mappedValue')) > 0)
    .map((e) => e.getAttribute('mapKey') ?? '');
}

function answerOf(item: Element, interaction: Element, resolve: Resolve): BankAnswer | null {
  // A written answer: QTI has no word limits, and its score is a person's (no key to read).
  if (interaction.localName === 'extendedTextInteraction') return { type: 'essay' };
  const id = interaction.getAttribute('responseIdentifier');
  const declaration = children(item, 'responseDeclaration').find((d) => d.getAttribute('identifier') === id);
  if (!declaration) return null;
  const option = (e: Element) => readContent(e, resolve, (inner) => inner.localName === 'feedbackInline');
  if (interaction.localName === 'matchInteraction') return matchInteraction(interaction, declaration, option);
  if (interaction.localName === 'associateInteraction') return associateInteraction(interaction, declaration, option);
  if (interaction.localName === 'orderInteraction') return orderInteraction(interaction, declaration, item, option);
  const right = values(declaration);
  if (interaction.localName === 'choiceInteraction') {
    const choices = children(interaction, 'simpleChoice');
    const wanted = right.length ? right : mapped(declaration);
    const correct = choices.flatMap((c, at) => (wanted.includes(c.getAttribute('identifier') ?? '') ? [at] : []));
    if (correct.length === 0 || choices.length < 2) return null;
    const options = choices.map(option);
    const single = interaction.getAttribute('maxChoices') === '1' && correct.length === 1;
    return { type: single ? 'single' : 'multiple', options, correct };
  }
  const baseType = declaration.getAttribute('baseType');
  if (baseType === 'float' || baseType === 'integer') {
    const correct = Number(right[0]);
    if (right[0] === undefined || right[0] === '' || !Number.isFinite(correct)) return null;
    const equal = descendants(item, 'equal').find((e) => e.getAttribute('toleranceMode') === 'absolute');
    const tolerance = Number((equal?.getAttribute('tolerance') ?? '0').trim().split(/\s+/)[0]);
    return { type: 'number', correct, tolerance: Number.isFinite(tolerance) ? Math.abs(tolerance) : 0 };
  }
  const accepted = [...new Set([...right, ...mapped(declaration)].filter(Boolean))];
  return accepted.length ? { type: 'text', accepted } : null;
}

/** Reads one item into the bank; `where` names it in the report. */
export function readQtiItem(item: Element, where: string, resolve: Resolve, bank: BankBuilder): void {
  const body = child(item, 'itemBody');
  const interactions = body ? descendants(body, '*').filter((e) => (e.localName ?? '').endsWith('Interaction')) : [];
  const content = body ? readContent(body, resolve, (e) => OPTIONS.has(e.localName ?? '')) : { text: '' };
  const name = nameOf(item.getAttribute('title') ?? undefined, content.text);
  const kinds = [...new Set(interactions.map((e) => e.localName ?? ''))];
  const [interaction] = interactions;
  const inline = interactions.every((e) => INLINE.has(e.localName ?? ''));
  if (body && inline && (interactions.length > 1 || interaction?.localName === 'inlineChoiceInteraction')) {
    const read = inlineGaps(
      item,
      body,
      interactions,
      (node, skip, mark) => readContent(node, resolve, skip, mark).text,
    );
    if (!read) bank.skip(where, name, 'bankNoCorrectAnswer');
    else if ('refused' in read) bank.skip(where, name, read.refused, { gap: read.gap });
    else {
      if (read.weightsLost) bank.note(where, name, 'bankGapWeights');
      addQuestion(
        item,
        { where, name, text: read.instruction || name, ...(content.image ? { image: content.image } : {}) },
        read.answer,
        resolve,
        bank,
      );
    }
    return;
  }
  if (interactions.length === 1 && interaction?.localName === 'gapMatchInteraction') {
    bank.skip(where, name, 'bankGapMatch');
    return;
  }
  if (interactions.length !== 1 || !interaction || !TAKEN.has(interaction.localName ?? '')) {
    bank.skip(where, name, 'bankUnsupportedType', { type: kinds.join(', ') || 'no interaction' });
    return;
  }
  const answer = answerOf(item, interaction, resolve);
  if (!answer) {
    bank.skip(where, name, 'bankNoCorrectAnswer');
    return;
  }
  // A match or an association read is a matching: its pairs' values Zalik makes equal.
  if (PAIRED.has(interaction.localName ?? '') && unequalPairs(item, interaction))
    bank.note(where, name, 'bankPairValuesEqual');
  addQuestion(
    item,
    { where, name, text: content.text, ...(content.image ? { image: content.image } : {}) },
    answer,
    resolve,
    bank,
  );
}

/** An item read: its points (MAXSCORE's default, else 1) and explanation (the first modal feedback) added. */
function addQuestion(
  item: Element,
  read: Pick<BankQuestion, 'where' | 'name' | 'text' | 'image'>,
  answer: BankAnswer,
  resolve: Resolve,
  bank: BankBuilder,
) {
  const outcome = children(item, 'outcomeDeclaration').find((o) => o.getAttribute('identifier') === 'MAXSCORE');
  const feedback = child(item, 'modalFeedback');
  const explanation = feedback ? readContent(feedback, resolve).text : '';
  for (const note of picturesLeftOut(item, { ...read, answer })) bank.note(read.where, read.name, note);
  bank.add({
    ...read,
    points: pointsOf(outcome ? child(child(outcome, 'defaultValue') ?? outcome, 'value')?.textContent : null),
    ...(explanation ? { explanation } : {}),
    answer,
  });
}

const utf8 = new TextDecoder();

/**
 * A content package's items, in its test's sections (categories) or in the manifest's order. A file
 * of it that declares a document type refuses the whole package, as such a file alone is refused.
 */
export function readQtiPackage(files: Map<string, Uint8Array>): BankBuilder | Phrase {
  const manifestBytes = files.get('imsmanifest.xml');
  if (!manifestBytes) return phrase('bankUnknownFormat');
  const manifest = parseXml(utf8.decode(manifestBytes));
  if (!('documentElement' in manifest)) return manifest;
  const bank = new BankBuilder('qti');
  let unsafe: Phrase | null = null;
  const parse = (path: string): Document | Phrase | null => {
    const bytes = files.get(path);
    const parsed = bytes ? parseXml(utf8.decode(bytes)) : null;
    if (parsed && 'key' in parsed && parsed.key === 'bankXmlDoctype') unsafe = parsed;
    return parsed;
  };
  const readItem = (path: string, where: string) => {
    const document = parse(path);
    if (!document || !('documentElement' in document) || document.documentElement?.localName !== 'assessmentItem') {
      bank.skip(where, path, 'bankQtiItemUnreadable');
      return;
    }
    readQtiItem(document.documentElement, where, (src) => files.get(joinPath(path, src)) ?? null, bank);
  };
  const resources = descendants(manifest, 'resource');
  const test = resources.find((r) => (r.getAttribute('type') ?? '').startsWith('imsqti_test'));
  const testDocument = test ? parse(test.getAttribute('href') ?? '') : null;
  if (test && testDocument && 'documentElement' in testDocument) {
    const testPath = test.getAttribute('href') ?? '';
    for (const section of descendants(testDocument, 'assessmentSection')) {
      bank.category(section.getAttribute('title') ?? '');
      // A selection asks each taker `select` of the section's items: Zalik's pool.
      const select = Number(children(section, 'selection')[0]?.getAttribute('select'));
      if (Number.isInteger(select) && select > 0) bank.draw(select);
      for (const ref of children(section, 'assessmentItemRef')) {
        const path = joinPath(testPath, ref.getAttribute('href') ?? '');
        readItem(path, place.item(ref.getAttribute('identifier') ?? path));
      }
    }
    return unsafe ?? bank;
  }
  for (const resource of resources.filter((r) => (r.getAttribute('type') ?? '').startsWith('imsqti_item'))) {
    const path = resource.getAttribute('href') ?? '';
    readItem(path, place.item(resource.getAttribute('identifier') ?? path));
  }
  return unsafe ?? bank;
}
