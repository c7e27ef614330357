/**
 * The texts of a Moodle XML question (its question text, answers, subquestions): HTML made plain,
 * with the picture each names and the other files it refers to, as moodle-xml.ts and its types read them.
 */
import type { Element } from '@xmldom/xmldom';
import type { BankImage } from './bank.ts';
import { imagesIn, plainText } from './plain-text.ts';
import { child, children, textAt } from './safe-xml.ts';
import { decodedPath } from './safe-zip.ts';

export interface RichText {
  text: string;
  image?: BankImage;
  /** More than one picture in the text: only the first is kept. */
  extraImages: boolean;
  /** Files other than pictures the text refers to (a sound, a video, a document): none is kept. */
  otherFiles: string[];
}

/** The files an HTML text refers to by `@@PLUGINFILE@@` outside its `<img>` tags (`<audio>`, `<a href>`…). */
function otherFilesIn(html: string): string[] {
  const outsideImages = html.replace(/<img\b[^>]*>/gi, '');
  const names = [...outsideImages.matchAll(/@@PLUGINFILE@@\/([^"'?#\s>]+)/g)].map((m) => decodedPath(m[1] ?? ''));
  return [...new Set(names)];
}

/** A text element (`questiontext`, an `answer`) with the files it carries. */
export function richText(element: Element | undefined): RichText {
  if (!element) return { text: '', extraImages: false, otherFiles: [] };
  const source = child(element, 'text')?.textContent ?? '';
  // Moodle's text formats: html (its default), moodle_auto_format (HTML where it holds tags), plain_text, markdown.
  const format = element.getAttribute('format') || 'html';
  const html = format === 'html' || (format === 'moodle_auto_format' && /<[a-z][^>]*>/i.test(source));
  const [first, ...more] = imagesIn(source);
  const files = new Map(
    children(element, 'file').map((file) => [
      file.getAttribute('name') ?? '',
      (file.textContent ?? '').replace(/\s+/g, ''),
    ]),
  );
  const image = first ? { image: pictureOf(first.src, first.alt, files) } : {};
  return { text: plainText(source, html), ...image, extraImages: more.length > 0, otherFiles: otherFilesIn(source) };
}

/**
 * Moodle 1.9's picture of a question: `<image>` names it and `<image_base64>` holds its bytes, beside
 * the text rather than in it. Kept where the text itself shows none.
 */
export function withOldImage(body: RichText, question: Element): RichText {
  const data = textAt(question, 'image_base64').replace(/\s+/g, '');
  if (body.image || !data) return body;
  const name = textAt(question, 'image').trim() || 'image';
  return { ...body, image: { name, bytes: Buffer.from(data, 'base64'), alt: '' } };
}

function pictureOf(src: string, alt: string, files: Map<string, string>): BankImage {
  const dataUri = /^data:image\/[a-z+.-]+;base64,(.*)$/i.exec(src);
  if (dataUri) return { name: 'data:', bytes: Buffer.from(dataUri[1] ?? '', 'base64'), alt };
  const name = decodedPath(src.replace(/^@@PLUGINFILE@@\//, '').split(/[?#]/)[0] ?? '');
  const data = files.get(name) ?? files.get(name.split('/').at(-1) ?? '');
  return { name, bytes: data ? Buffer.from(data, 'base64') : null, alt };
}

export interface Answer extends RichText {
  fraction: number;
  element: Element;
}

export function answersOf(question: Element): Answer[] {
  return children(question, 'answer').map((element) => ({
    ...richText(element),
    fraction: Number(element.getAttribute('fraction') ?? '0') || 0,
    element,
  }));
}
