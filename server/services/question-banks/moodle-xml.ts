/**
 * Moodle XML (docs.moodle.org/en/Moodle_XML_format), the format Moodle's question bank exports:
 * - `multichoice`: `<single>true` a single choice (the option at full credit is correct; with none, the
 *   highest; other options' partial credit is noted, as Zalik gives none), else a multiple choice whose
 *   options with a share above 0 are the correct ones (Zalik scores it whole; noted when shares were read);
 * - `truefalse`: a single choice of the two words in the test's language;
 * - `shortanswer`: the answers at full credit are the accepted variants; Zalik compares them ignoring
 *   case, so a question that asked for exact case is noted, and a variant with Moodle's `*` wildcard
 *   is left out and noted (Zalik has no wildcards);
 * - `numerical`: the answer at full credit and its tolerance (units are not kept, and noted); answers
 *   with partial credit, of short answers too, are left out and noted;
 * - `category` questions name the block the next ones go into; `generalfeedback` is the explanation;
 * - texts in HTML become plain text (plain-text.ts); a text's first `<img>` is the question's or the
 *   option's picture, read from the `<file encoding="base64">` it names by `@@PLUGINFILE@@` (or a `data:`
 *   address), with its `alt` as the description, or Moodle 1.9's `<image>` and `<image_base64>` beside
 *   the text; more pictures in one text, pictures in the general feedback and files other than pictures
 *   (a sound, a video) are noted by name and left out;
 * - every other type (essay, match, multianswer/cloze, ordering, calculated, drag and drop…) is skipped
 *   and said by its name. `defaultgrade` is the question's points.
 */
import type { Element } from '@xmldom/xmldom';
import { type BankAnswer, BankBuilder, type BankImage, type BankOption, nameOf, pointsOf } from './bank.ts';
import { imagesIn, plainText } from './plain-text.ts';
import { child, children, lineOf, textAt } from './safe-xml.ts';
import { decodedPath } from './safe-zip.ts';
import { place } from './where.ts';

interface RichText {
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
function richText(element: Element | undefined): RichText {
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

/** At most five names, then how many more. */
const listed = (names: string[]) => names.slice(0, 5).join(', ') + (names.length > 5 ? ` (+${names.length - 5})` : '');

/**
 * Moodle 1.9's picture of a question: `<image>` names it and `<image_base64>` holds its bytes, beside
 * the text rather than in it. Kept where the text itself shows none.
 */
function withOldImage(body: RichText, question: Element): RichText {
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

interface Answer extends RichText {
  fraction: number;
  element: Element;
}

function answersOf(question: Element): Answer[] {
  return children(question, 'answer').map((element) => ({
    ...richText(element),
    fraction: Number(element.getAttribute('fraction') ?? '0') || 0,
    element,
  }));
}

type Read = {
  answer: BankAnswer;
  notes: (
    | 'bankWeightsRead'
    | 'bankCaseIgnored'
    | 'bankWildcardVariant'
    | 'bankUnitsDropped'
    | 'bankPartialChoice'
    | 'bankPartialVariant'
  )[];
};

/** Answers with credit short of full: Zalik's text and number answers are right or wrong. */
const partial = (answers: Answer[]) => answers.some((a) => a.fraction > 0 && a.fraction < 100);

function choiceAnswer(question: Element, answers: Answer[]): Read | null {
  if (answers.length < 2) return null;
  const options: BankOption[] = answers.map((a) => ({ text: a.text, ...(a.image ? { image: a.image } : {}) }));
  if (textAt(question, 'single').trim() !== 'false') {
    const best = Math.max(...answers.map((a) => a.fraction));
    if (best <= 0) return null;
    const right = answers.findIndex((a) => a.fraction === best);
    const credited = answers.some((a, at) => at !== right && a.fraction > 0);
    return {
      answer: { type: 'single', options, correct: [right] },
      notes: credited ? ['bankPartialChoice'] : [],
    };
  }
  const correct = answers.flatMap((a, at) => (a.fraction > 0 ? [at] : []));
  if (correct.length === 0) return null;
  const shares = answers.some((a) => a.fraction > 0 && a.fraction < 100);
  return { answer: { type: 'multiple', options, correct }, notes: shares ? ['bankWeightsRead'] : [] };
}

function answerOf(type: string, question: Element, answers: Answer[], trueFalse: [string, string]): Read | null {
  const full = answers.filter((a) => a.fraction >= 100);
  switch (type) {
    case 'multichoice':
      return choiceAnswer(question, answers);
    case 'truefalse': {
      const truth = full[0]?.text.trim().toLowerCase();
      if (truth !== 'true' && truth !== 'false') return null;
      return {
        answer: { type: 'single', options: trueFalse.map((text) => ({ text })), correct: [truth === 'true' ? 0 : 1] },
        notes: [],
      };
    }
    case 'shortanswer': {
      const wild = full.filter((a) => a.text.includes('*'));
      const accepted = full.filter((a) => !a.text.includes('*')).map((a) => a.text);
      if (accepted.length === 0) return null;
      const notes: Read['notes'] = [];
      if (textAt(question, 'usecase').trim() === '1') notes.push('bankCaseIgnored');
      if (wild.length) notes.push('bankWildcardVariant');
      if (partial(answers)) notes.push('bankPartialVariant');
      return { answer: { type: 'text', accepted }, notes };
    }
    case 'numerical': {
      const right = full.find((a) => a.text.trim() !== '*');
      const correct = Number(right?.text.trim());
      const tolerance = Number(right ? textAt(right.element, 'tolerance') || '0' : Number.NaN);
      if (!right || right.text.trim() === '' || !Number.isFinite(correct) || !Number.isFinite(tolerance)) return null;
      const units = children(question, 'units').some((u) => children(u, 'unit').length > 0);
      return {
        answer: { type: 'number', correct, tolerance: Math.abs(tolerance) },
        notes: [
          ...(units ? (['bankUnitsDropped'] as const) : []),
          ...(partial(answers) ? (['bankPartialVariant'] as const) : []),
        ],
      };
    }
    default:
      return null;
  }
}

const TYPES = new Set(['multichoice', 'truefalse', 'shortanswer', 'numerical']);

/** Reads a parsed `<quiz>`; `trueFalse` are the words for true and false in the test's language. */
export function readMoodleXml(quiz: Element, trueFalse: [string, string]): BankBuilder {
  const bank = new BankBuilder('moodle-xml');
  for (const [index, question] of children(quiz, 'question').entries()) {
    const type = question.getAttribute('type') ?? '';
    const where = place.question(lineOf(question), index + 1);
    if (type === 'category') {
      const path = textAt(question, 'category').trim();
      // Nested categories stay one path ("A/B"); `//` is Moodle's escape of a slash within a name.
      bank.category(
        path
          .replace(/^\$(course|system|module|cat\d+)\$\//, '')
          .replace(/^top(\/|$)/, '')
          .replace(/\/\//g, '/'),
      );
      continue;
    }
    const body = withOldImage(richText(child(question, 'questiontext')), question);
    const name = nameOf(plainText(textAt(question, 'name'), false), body.text);
    if (!TYPES.has(type)) {
      bank.skip(where, name, 'bankUnsupportedType', { type: type || '?' });
      continue;
    }
    // Each answer's text and pictures read once: they are decoded here, and may be megabytes.
    const answers = answersOf(question);
    const read = answerOf(type, question, answers, trueFalse);
    if (!read) {
      bank.skip(where, name, 'bankNoCorrectAnswer');
      continue;
    }
    for (const note of read.notes) bank.note(where, name, note);
    if (body.extraImages || answers.some((a) => a.extraImages)) bank.note(where, name, 'bankExtraImages');
    const feedback = richText(child(question, 'generalfeedback'));
    if (feedback.image) bank.note(where, name, 'bankFeedbackImages');
    const files = [...new Set([body, feedback, ...answers].flatMap((t) => t.otherFiles))];
    if (files.length) bank.note(where, name, 'bankFilesLeftOut', { names: listed(files) });
    const explanation = feedback.text;
    bank.add({
      where,
      name,
      text: body.text,
      ...(body.image ? { image: body.image } : {}),
      points: pointsOf(textAt(question, 'defaultgrade')),
      ...(explanation ? { explanation } : {}),
      answer: read.answer,
    });
  }
  return bank;
}
