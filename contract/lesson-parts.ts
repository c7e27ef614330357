/**
 * The parts lesson files are made of: limits, texts in the lesson's languages, keys, points, pictures
 * and options. The lesson's own shape is in content.ts, each question type's in question-types/.
 */
import { ImageId } from './images.ts';
import {
  array,
  between,
  type Infer,
  number,
  object,
  optional,
  pattern,
  refine,
  type Struct,
  size,
  string,
  trimmed,
} from './structs.ts';
import { Line, Paragraph } from './text.ts';

/** How much one lesson may hold. */
export const LESSON_LIMITS = {
  blocks: 100,
  questions: 500,
  options: 20,
  textLength: 10_000,
  /** Accepted variants of a text answer, per language. */
  variants: 20,
  variantLength: 200,
  /** A lesson's duration, seconds: at least a minute, at most six hours. */
  minDuration: 60,
  maxDuration: 6 * 3600,
  maxPoints: 100,
} as const;

// `trimmed` only acts when coercing, and not at all inside a union (questions): refuse blank text outright.
const notBlank = <T extends string>(struct: Struct<T, null>) =>
  refine(struct, 'not blank', (v) => v.trim().length > 0 || 'must not be blank');
// Texts follow the text rule (text.ts): lesson texts may span lines, accepted answers are one line each.
const text = notBlank(size(trimmed(Paragraph), 1, LESSON_LIMITS.textLength));
/** A text in every language of the interface: the catalog's own texts. */
export const AllLanguagesText = object({ uk: text, en: text, ru: text, pl: text });
/** A text in each of its lesson's languages. */
export const LocalizedText = object({ uk: optional(text), en: optional(text), ru: optional(text), pl: optional(text) });
export type LocalizedText = Infer<typeof LocalizedText>;

const variants = size(array(notBlank(size(trimmed(Line), 1, LESSON_LIMITS.variantLength))), 1, LESSON_LIMITS.variants);
/** Accepted short answers per language; a taker may answer in any of them. */
export const LocalizedVariants = object({
  uk: optional(variants),
  en: optional(variants),
  ru: optional(variants),
  pl: optional(variants),
});

/** Block and question keys: stable within a lesson, so re-imports keep answers meaningful. */
export const Key = pattern(size(string(), 1, 40), /^[a-z0-9][a-z0-9_-]*$/);

// Number.MIN_VALUE is the least number above 0.
const Points = between(
  number(),
  Number.MIN_VALUE,
  LESSON_LIMITS.maxPoints,
  `must be above 0 and at most ${LESSON_LIMITS.maxPoints}`,
);
/** How far from the right number an answer still counts: finite (a JSON 1e400 is Infinity), not negative. */
export const Tolerance = between(number(), 0, Number.MAX_VALUE, 'must be a finite number, not negative');
/** A picture for a question or an option; its description for those who cannot see it, per language. */
export const ImageRef = object({ id: ImageId, alt: LocalizedText });
export type ImageRef = Infer<typeof ImageRef>;

const Option = object({ id: Key, text: LocalizedText, image: optional(ImageRef) });
export type Option = Infer<typeof Option>;
/** A choice question's options: 2 to LESSON_LIMITS.options. */
export const Options = size(array(Option), 2, LESSON_LIMITS.options);

/** The fields every question has, whatever its type. */
export const questionCommon = {
  id: Key,
  points: Points,
  text: LocalizedText,
  explanation: optional(LocalizedText),
  image: optional(ImageRef),
};
