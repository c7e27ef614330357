/**
 * A test as Moodle XML, in one of its languages, for Moodle's question bank import: a category per
 * block, and each question as its type writes it (types/).
 * Texts are HTML (line breaks as `<br>`, TeX as written: Moodle's MathJax filter reads `\( \)` and
 * `\[ \]`), the explanation is the general feedback, points the default grade, and each picture is
 * embedded as `@@PLUGINFILE@@` with its description as `alt`.
 */
import type { ImageRef, LessonFile, Question } from '../../../contract/content.ts';
import type { Locale } from '../../../contract/locale.ts';
import {
  type BankPicture,
  EXTENSIONS,
  fileNameOf,
  htmlOf,
  inLanguage,
  type WrittenBank,
  xmlEscape,
} from './bank-writing.ts';
import { bankMappingsOf } from './types/registry.ts';

export function writeMoodleXml(lesson: LessonFile, language: Locale, pictures: Map<string, BankPicture>): WrittenBank {
  const primary = (lesson.languages?.[0] ?? 'uk') as Locale;
  const say = (text: Parameters<typeof inLanguage>[0]) => inLanguage(text, language, primary);
  const title = say(lesson.title);
  const picture = (image: ImageRef | undefined) => {
    const found = image ? pictures.get(image.id) : undefined;
    if (!image || !found) return { html: '', file: '' };
    const name = `${image.id.slice(0, 16)}.${EXTENSIONS[found.type] ?? 'png'}`;
    return {
      html: `<p><img src="@@PLUGINFILE@@/${name}" alt="${xmlEscape(say(image.alt))}"></p>`,
      file: `<file name="${name}" path="/" encoding="base64">${found.bytes.toString('base64')}</file>`,
    };
  };
  const rich = (tag: string, text: string, image?: ImageRef, attributes = '') => {
    const { html, file } = picture(image);
    return `<${tag}${attributes} format="html"><text>${xmlEscape(`<p>${htmlOf(text)}</p>${html}`)}</text>${file}</${tag}>`;
  };

  const question = (q: Question, at: number): string => {
    const name = `<name><text>${xmlEscape(`${at}. ${say(q.text).replace(/\s+/g, ' ').slice(0, 60)}`)}</text></name>`;
    const commonWith = (text: string) =>
      [
        name,
        rich('questiontext', text, q.image),
        q.explanation ? rich('generalfeedback', say(q.explanation)) : '',
        `<defaultgrade>${q.points}</defaultgrade>`,
        '<penalty>0</penalty>',
        '<hidden>0</hidden>',
      ].join('\n    ');
    const common = commonWith(say(q.text));
    return bankMappingsOf(q).moodleXml(q, { language, primary, say, common, commonWith, rich });
  };

  let number = 0;
  const parts: string[] = [];
  for (const block of lesson.blocks) {
    // One level under the top, a slash of the title written `//` as Moodle escapes it: the title
    // read back (by Moodle or by Zalik) is the block's title again.
    const path = `$course$/top/${say(block.title).replace(/\//g, '//')}`;
    parts.push(`  <question type="category">\n    <category><text>${xmlEscape(path)}</text></category>\n  </question>`);
    for (const q of block.questions) {
      number += 1;
      parts.push(question(q, number));
    }
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${parts.join('\n')}\n</quiz>\n`;
  return { name: `${fileNameOf(title)}-${language}.xml`, type: 'application/xml', bytes: Buffer.from(xml) };
}
