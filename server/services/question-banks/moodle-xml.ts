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
 * - `matching`: each `<subquestion>` a prompt with its answer (one without text or picture a
 *   distractor); `ordering` (the plugin in Moodle's core since 4.4): its answers in the order of their
 *   `fraction`, its `gradingtype` one of Zalik's markings (another noted and read as relative to the
 *   next item), a subset shown to takers (`selecttype`) noted, as Zalik shows every item;
 * - `cloze` (Moodle 4's name for embedded answers in its exports) or `multianswer`, `gapselect` and
 *   `ddwtos`: gaps in a text (moodle-xml-gaps.ts); a Cloze question's points are its gaps' weights'
 *   sum, as Moodle counts them;
 * - `essay`: a written answer marked by hand, with `minwordlimit` and `maxwordlimit` (empty or 0: none);
 *   attachments, a response template and the notes for markers (`graderinfo`) are left out and noted;
 * - every other type (calculated, drag and drop onto an image…) is skipped and said by its
 *   name. `defaultgrade` is the question's points (a Cloze question's aside).
 */
import type { Element } from '@xmldom/xmldom';
import { MAX_WORD_LIMIT } from '../../../contract/question-types/essay.ts';
import { type BankAnswer, BankBuilder, type BankOption, nameOf, pointsOf } from './bank.ts';
import { choicesInTextRead, clozeRead, type GapsNote, type GapsRefusal } from './moodle-xml-gaps.ts';
import { matchingRead, orderingRead, type PartsNote } from './moodle-xml-parts.ts';
import { type Answer, answersOf, richText, withOldImage } from './moodle-xml-text.ts';
import { plainText } from './plain-text.ts';
import { child, children, lineOf, textAt } from './safe-xml.ts';
import { place } from './where.ts';

/** At most five names, then how many more. */
const listed = (names: string[]) => names.slice(0, 5).join(', ') + (names.length > 5 ? ` (+${names.length - 5})` : '');

type Read = {
  answer: BankAnswer;
  notes: (
    | 'bankWeightsRead'
    | 'bankCaseIgnored'
    | 'bankWildcardVariant'
    | 'bankUnitsDropped'
    | 'bankPartialChoice'
    | 'bankPartialVariant'
    | PartsNote
    | GapsNote
    | 'bankEssayTextOnly'
  )[];
  /**
   * The question's text where it is not the question text: a gaps question's instruction (its
   * question text holds the passage), or null for its name where the question text is all passage.
   */
  text?: string | null;
  /** The question's points where its type counts them (a Cloze question's), else its `defaultgrade`. */
  points?: number;
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

type Reader = (
  question: Element,
  answers: Answer[],
  trueFalse: [string, string],
) => Read | { unheld: string } | GapsRefusal | null;

/** A gaps reading: the paragraphs before the first gap are its instruction, the rest its passage. */
function passageRead(read: ReturnType<typeof clozeRead>): ReturnType<Reader> {
  if (!read || !('answer' in read) || !('passage' in read.answer)) return read;
  const paragraphs = read.answer.passage.split(/\n{2,}/);
  const first = paragraphs.findIndex((p) => /\[\[g\d+\]\]/.test(p));
  const instruction = paragraphs.slice(0, first).join('\n\n').trim();
  const passage = paragraphs.slice(first).join('\n\n');
  return { ...read, answer: { ...read.answer, passage }, text: instruction || null };
}

const atFull = (answers: Answer[]) => answers.filter((a) => a.fraction >= 100);

/** A word limit as Moodle writes it: empty or 0 for none. */
function wordLimit(question: Element, tag: string): number | undefined {
  const words = Number(textAt(question, tag).trim() || '0');
  return Number.isInteger(words) && words > 0 ? Math.min(words, MAX_WORD_LIMIT) : undefined;
}

function essayRead(question: Element): Read {
  const minWords = wordLimit(question, 'minwordlimit');
  const maxWords = wordLimit(question, 'maxwordlimit');
  const filled = (tag: string) => plainText(textAt(child(question, tag) ?? question, 'text'), false).trim() !== '';
  const attachments = Number(textAt(question, 'attachments').trim() || '0') !== 0;
  const textOnly = attachments || filled('responsetemplate') || filled('graderinfo');
  return {
    answer: {
      type: 'essay',
      ...(minWords === undefined ? {} : { minWords }),
      // A maximum below the minimum (a file's slip) is left out rather than refusing the question.
      ...(maxWords === undefined || (minWords !== undefined && maxWords < minWords) ? {} : { maxWords }),
    },
    notes: textOnly ? ['bankEssayTextOnly'] : [],
  };
}

/** Each Moodle question type Zalik takes, by Moodle's name for it. */
const READERS: Record<string, Reader> = {
  multichoice: choiceAnswer,
  truefalse(_question, answers, trueFalse) {
    const truth = atFull(answers)[0]?.text.trim().toLowerCase();
    if (truth !== 'true' && truth !== 'false') return null;
    return {
      answer: { type: 'single', options: trueFalse.map((text) => ({ text })), correct: [truth === 'true' ? 0 : 1] },
      notes: [],
    };
  },
  shortanswer(question, answers) {
    const full = atFull(answers);
    const wild = full.filter((a) => a.text.includes('*'));
    const accepted = full.filter((a) => !a.text.includes('*')).map((a) => a.text);
    if (accepted.length === 0) return null;
    const notes: Read['notes'] = [];
    if (textAt(question, 'usecase').trim() === '1') notes.push('bankCaseIgnored');
    if (wild.length) notes.push('bankWildcardVariant');
    if (partial(answers)) notes.push('bankPartialVariant');
    return { answer: { type: 'text', accepted }, notes };
  },
  numerical(question, answers) {
    const right = atFull(answers).find((a) => a.text.trim() !== '*');
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
  },
  matching: (question) => matchingRead(question),
  ordering: (question, answers) => orderingRead(question, answers),

  cloze: (question) => passageRead(clozeRead(question)),
  multianswer: (question) => passageRead(clozeRead(question)),
  gapselect: (question) => passageRead(choicesInTextRead(question, 'selectoption')),
  ddwtos: (question) => passageRead(choicesInTextRead(question, 'dragbox')),
  essay: (question) => essayRead(question),
};

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
    const reader = Object.hasOwn(READERS, type) ? READERS[type] : undefined;
    if (!reader) {
      bank.skip(where, name, 'bankUnsupportedType', { type: type || '?' });
      continue;
    }
    // Each answer's text and pictures read once: they are decoded here, and may be megabytes.
    const answers = answersOf(question);
    const read = reader(question, answers, trueFalse);
    if (!read) {
      bank.skip(where, name, 'bankNoCorrectAnswer');
      continue;
    }
    if ('refused' in read) {
      bank.skip(where, name, read.refused, { gap: read.gap });
      continue;
    }
    if ('unheld' in read) {
      bank.skip(where, name, 'bankClozePart', { type: read.unheld });
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
      text: read.text === undefined ? body.text : (read.text ?? name),
      ...(body.image ? { image: body.image } : {}),
      points: read.points ?? pointsOf(textAt(question, 'defaultgrade')),
      ...(explanation ? { explanation } : {}),
      answer: read.answer,
    });
  }
  return bank;
}
