/**
 * A question type's mappings in the question banks: how a question of it is written as Moodle XML
 * and as a QTI 2.1 item. One file per type in this folder and one line in registry.ts; the writers
 * themselves write what every question has (name, text, picture, points, explanation).
 */
import type { ImageRef, LocalizedText } from '../../../../contract/content.ts';
import type { Locale } from '../../../../contract/locale.ts';

export interface BankWriting {
  language: Locale;
  /** The lesson's first language, which stands in for a text missing in `language`. */
  primary: Locale;
  say(text: LocalizedText): string;
}

export interface MoodleWriting extends BankWriting {
  /** The `<question>`'s parts every type has: name, question text, feedback, grade. */
  common: string;
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

export interface BankTypeWriters<Q> {
  moodleXml(question: Q, w: MoodleWriting): string;
  qti(question: Q, w: QtiWriting): QtiItemParts;
}
