/**
 * The pictures of a QTI item: an `<img>`, or an `<object>` of an image type (QTI 2.1's other way to
 * show one, `<object type="image/png" data="…">`, its content the fallback text). Zalik keeps one
 * picture a text (the question's, each option's); what else an item shows is said in the report,
 * never dropped in silence: more pictures in a text, pictures in its feedback.
 */
import type { Element } from '@xmldom/xmldom';
import type { MessageKey } from '../../i18n/messages.ts';
import type { BankQuestion } from './bank.ts';
import { child, descendants } from './safe-xml.ts';

const IMAGE_DATA = /\.(?:png|jpe?g|gif|webp|avif|svg)(?:[?#].*)?$/i;

/** A picture's address and description, or null where the element shows none. */
export function pictureIn(element: Element): { src: string; alt: string } | null {
  if (element.localName === 'img')
    return { src: element.getAttribute('src') ?? '', alt: element.getAttribute('alt') ?? '' };
  if (element.localName !== 'object') return null;
  const data = element.getAttribute('data') ?? '';
  const image = (element.getAttribute('type') ?? '').startsWith('image/') || IMAGE_DATA.test(data);
  return image ? { src: data, alt: (element.textContent ?? '').trim() } : null;
}

const picturesOf = (node: Element) => descendants(node, '*').filter((e) => pictureIn(e) !== null).length;

/** The pictures a read question kept: its own and any of its answer's (options, prompts, a gap's options). */
function kept(question: Pick<BankQuestion, 'image' | 'answer'>): number {
  return (question.image ? 1 : 0) + withPicture(question.answer);
}

/** How many of the things inside `value` carry a picture, at any depth (every type's answer alike). */
function withPicture(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + withPicture(v), 0);
  if (!value || typeof value !== 'object') return 0;
  const own = 'image' in value && value.image ? 1 : 0;
  return own + Object.entries(value).reduce((n, [key, v]) => n + (key === 'image' ? 0 : withPicture(v)), 0);
}

/** What the report says of the item's pictures Zalik did not keep. */
export function picturesLeftOut(item: Element, question: Pick<BankQuestion, 'image' | 'answer'>): MessageKey[] {
  const body = child(item, 'itemBody');
  const feedback = descendants(item, 'modalFeedback').some((f) => picturesOf(f) > 0);
  return [
    ...(body && picturesOf(body) > kept(question) ? (['bankExtraImages'] as const) : []),
    ...(feedback ? (['bankFeedbackImages'] as const) : []),
  ];
}
