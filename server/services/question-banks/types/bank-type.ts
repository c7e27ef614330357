/**
 * A question type's mappings in the question banks: a tutor's draft of it as a lesson file's question
 * and back, and how it is written as Moodle XML and as a QTI 2.1 item. One file per type in this folder and one line in registry.ts; the writers
 * themselves write what every question has (name, text, picture, points, explanation).
 */
import type { ImageRef, LocalizedText } from '../../../../contract/content.ts';
import type { Option } from '../../../../contract/lesson-parts.ts';
import type { Locale } from '../../../../contract/locale.ts';
import type { DraftImage, DraftQuestion } from '../../../../contract/tutor-tests.ts';
import type { Phrase } from '../../../i18n/messages.ts';
import type { BankImage, BankOption } from '../bank.ts';

export interface BankWriting {
  language: Locale;
  /** The lesson's first language, which stands in for a text missing in `language`. */
  primary: Locale;
  say(text: LocalizedText): string;
}

export interface MoodleWriting extends BankWriting {
  /** The `<question>`'s parts every type has: name, question text, feedback, grade. */
  common: string;
  /** The same parts with another question text (a Cloze question's text holds its gaps). */
  commonWith(text: string): string;
  /** An HTML text element (`questiontext`, `answer`…) with its picture embedded. */
  rich(tag: string, text: string, image?: ImageRef, attributes?: string): string;
}

export interface QtiWriting extends BankWriting {
  /** The question's text and picture as the item body's first part. */
  prompt: string;
  /** The URI of QTI 2.1's standard response processing templates. */
  templates: string;
  xhtml(text: string): string;
  img(image: ImageRef | undefined): string;
}

export interface QtiItemParts {
  declaration: string;
  body: string;
  processing: string;
}

/** A draft question's parts read in the test's languages (blank ones left out), for its lesson file. */
export interface DraftReading {
  /** A text in the test's languages (blank ones left out). */
  text(value: Partial<Record<Locale, string>> | undefined): LocalizedText;
  /** The question's options, or the list given (a gap's), read as options. */
  options(list?: DraftQuestion['options']): Option[];
  /** A matching's prompts, as its options are read. */
  prompts(): Option[];
  /** The question's accepted answers, or those given (a gap's), trimmed, blank ones left out. */
  accepted(variants?: DraftQuestion['accepted']): Partial<Record<Locale, string[]>>;
}

/** What a type's reading of another system's question uses: its texts, pictures and report. */
export interface BankReading {
  language: Locale;
  /** A text in the draft's language, shortened (and said so) past the limit. */
  text(value: string): Partial<Record<Locale, string>>;
  image(found: BankImage | undefined): { image?: DraftImage };
  /** The question is not imported, for this reason. */
  skip(said: Phrase): null;
  /** Something was changed or left out, for this reason. */
  note(said: Phrase): void;
}

/** An option of a draft question. */
export type DraftOption = NonNullable<DraftQuestion['options']>[number];

/** The fields of a draft question that are its type's own (the rest every question has). */
export type DraftTypeFields = Omit<DraftQuestion, 'id' | 'points' | 'text' | 'explanation' | 'image'>;
type CommonFields = 'id' | 'points' | 'text' | 'explanation' | 'image';

/** A spreadsheet row as a type reads it (spreadsheet.ts): its cells in the sheet's first language. */
export interface SheetRow {
  /** The option columns (`a`…`t`) that hold a text. */
  letters: string[];
  /** What the `correct` cell names, lowercased, apart by spaces, commas or semicolons. */
  chosen: string[];
  correct: string;
  /** A cell as a number written in the sheet's language, or null. */
  number(written: string): number | null;
  cell(name: 'tolerance'): string;
}

/** The row's texts in one of the sheet's languages. */
export interface SheetLanguage {
  options: BankOption[];
  /** The `correct` cell apart by `|`. */
  accepted: string[];
}

export interface SheetReading<A> {
  /** Whether a row without a `type` is a question of this type. */
  guess(row: SheetRow): boolean;
  /** The row's answer in each language, or the reason it is skipped. */
  read(row: SheetRow): ((language: SheetLanguage) => Omit<A, 'type'>) | 'bankNoCorrectAnswer';
}

/** Where a draft of the type keeps its right answer, and, where the tutor must give it, the phrase until then. */
export interface DraftKey {
  field:
    | 'correct_option'
    | 'correct_options'
    | 'accepted'
    | 'correct_number'
    | 'matches'
    | 'options'
    | 'gaps'
    | 'max_words';
  required?: { given(draft: DraftQuestion): boolean; missing: 'noCorrectOption' | 'noCorrectNumber' };
  /** Keys missing below the question (a gap's), each at its own field under the question's. */
  missingBelow?(draft: DraftQuestion): [field: string, missing: 'noCorrectOption' | 'noCorrectNumber'][];
}

export interface BankTypeMappings<Q, A = unknown> {
  draftKey: DraftKey;
  /** How a spreadsheet row holds the type; none: the type has no row form. */
  sheet?: SheetReading<A>;
  /** A question read from another system's file as a new draft's type fields, or null when skipped. */
  fromBank(answer: A, read: BankReading): DraftTypeFields | null;
  /** The question's own fields from a draft (a missing right answer left for the publish checklist to name). */
  fromDraft(draft: DraftQuestion, read: DraftReading): Omit<Q, CommonFields>;
  toDraft(question: Q): DraftTypeFields;
  /** A draft's own fields given in another language by the same test in that language (its options are every type's). */
  addTranslation?(mine: DraftQuestion, theirs: DraftQuestion, language: Locale): void;
  moodleXml(question: Q, w: MoodleWriting): string;
  qti(question: Q, w: QtiWriting): QtiItemParts;
}
