/**
 * A bank read from another system's file as a new draft in the language the tutor picked: its
 * categories as blocks, its questions with ids of Zalik's own (`q1`, options `a` to `t`), its pictures
 * as the test's images (by content, each once; a GIF as a PNG of its first frame). What does not fit a draft's limits is said in the
 * report: a text too long is shortened, a question with more options than a draft holds is skipped,
 * a picture the file lacks or Zalik cannot show is left out; more questions or blocks than one test
 * holds refuse the file. A draft may be incomplete (a picture's description, a correct answer): the
 * publish checklist says what is missing.
 */
import { LESSON_LIMITS } from '../../../contract/content.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { DraftImage, DraftQuestion, TestDraft } from '../../../contract/tutor-tests.ts';
import { type Phrase, phrase } from '../../i18n/messages.ts';
import { imageIdOf, imageProblem } from '../images/image-store.ts';
import type { Bank, BankImage, BankQuestion, BankRemark } from './bank.ts';
import { gifToPng, isGif } from './gif-png.ts';
import { bankMappingsNamed } from './types/registry.ts';

export interface BankDraft {
  draft: TestDraft;
  /** The pictures the draft shows, by id. */
  embedded: Map<string, Buffer>;
  imported: number;
  skipped: BankRemark[];
  notes: BankRemark[];
}

/** The whole bank as one draft, or the phrase that refuses it. */
export function bankDraft(bank: Bank, language: Locale, title: string): BankDraft | Phrase {
  const categories = bank.categories.filter((c) => c.questions.length > 0);
  const count = categories.reduce((sum, c) => sum + c.questions.length, 0);
  if (count === 0) return phrase('bankHasNoQuestions');
  if (count > LESSON_LIMITS.questions) return phrase('tooManyQuestions', { limit: LESSON_LIMITS.questions });
  if (categories.length > LESSON_LIMITS.blocks) return phrase('bankTooManyCategories', { limit: LESSON_LIMITS.blocks });

  const skipped = [...bank.skipped];
  const notes = [...bank.notes];
  const embedded = new Map<string, Buffer>();
  const say = (question: BankQuestion) => (list: BankRemark[], said: Phrase) =>
    list.push({ where: question.where, name: question.name, said });

  const text = (value: string, question: BankQuestion): Partial<Record<Locale, string>> => {
    if (value.length <= LESSON_LIMITS.textLength) return { [language]: value };
    say(question)(notes, phrase('bankTextShortened', { limit: LESSON_LIMITS.textLength }));
    return { [language]: value.slice(0, LESSON_LIMITS.textLength) };
  };
  const image = (found: BankImage | undefined, question: BankQuestion): { image?: DraftImage } => {
    if (!found) return {};
    if (!found.bytes) {
      say(question)(notes, phrase('bankImageNotInFile', { name: found.name }));
      return {};
    }
    // Older banks' GIFs are shown as PNGs (gif-png.ts); a GIF that cannot be read is no picture.
    const bytes = isGif(found.bytes) ? (gifToPng(found.bytes) ?? new Uint8Array()) : found.bytes;
    const problem = imageProblem(bytes);
    if (problem) {
      say(question)(notes, problem);
      return {};
    }
    const id = imageIdOf(bytes);
    embedded.set(id, Buffer.from(bytes));
    return { image: { id, alt: found.alt ? text(found.alt, question) : {} } };
  };

  let number = 0;
  const draftQuestion = (question: BankQuestion): DraftQuestion | null => {
    const { answer } = question;
    // The type's own fields first: a question it skips says nothing else in the report.
    const fields = bankMappingsNamed(answer.type).fromBank(answer, {
      language,
      text: (value) => text(value, question),
      image: (found) => image(found, question),
      skip: (said) => {
        say(question)(skipped, said);
        return null;
      },
      note: (said) => say(question)(notes, said),
    });
    if (!fields) return null;
    if (question.points > LESSON_LIMITS.maxPoints) {
      say(question)(notes, phrase('bankPointsCapped', { limit: LESSON_LIMITS.maxPoints }));
    }
    number += 1;
    const common = {
      id: `q${number}`,
      points: Math.min(question.points, LESSON_LIMITS.maxPoints),
      text: text(question.text, question),
      ...(question.explanation ? { explanation: text(question.explanation, question) } : {}),
      ...image(question.image, question),
    };
    return { ...common, ...fields } as DraftQuestion;
  };

  const blocks = categories.map((category, at) => ({
    ...(category.draw ? { draw: { count: category.draw, by_points: false } } : {}),
    id: `b${at + 1}`,
    title: { [language]: category.name || title },
    questions: category.questions.map(draftQuestion).filter((q): q is DraftQuestion => q !== null),
  }));
  const draft: TestDraft = {
    title: { [language]: title.slice(0, LESSON_LIMITS.textLength) },
    description: {},
    subject: null,
    specialization: null,
    duration_seconds: 30 * 60,
    languages: [language],
    blocks: blocks.filter((block) => block.questions.length > 0),
  };
  return { draft, embedded, imported: number, skipped, notes };
}
