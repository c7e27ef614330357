/**
 * The format of lesson files: what `npm run content:import` accepts from `content/`, and what a
 * tutor downloads and uploads. A lesson is written in the languages it lists (the first is its
 * primary one), or in all four when it lists none; every text has exactly those languages.
 * Checks that span fields (ids used once, answers among the options, each text in each language)
 * are in server/content/lesson-file-problems.ts.
 */

import { FiniteNumber } from './bounds.ts';
import { EmbeddedImage, ImageId } from './images.ts';
import { LOCALES } from './locale.ts';
import {
  array,
  between,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nonempty,
  number,
  object,
  optional,
  pattern,
  refine,
  type Struct,
  size,
  string,
  trimmed,
  union,
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
const AllLanguagesText = object({ uk: text, en: text, ru: text, pl: text });
/** A text in each of its lesson's languages. */
const LocalizedText = object({ uk: optional(text), en: optional(text), ru: optional(text), pl: optional(text) });
export type LocalizedText = Infer<typeof LocalizedText>;

const variants = size(array(notBlank(size(trimmed(Line), 1, LESSON_LIMITS.variantLength))), 1, LESSON_LIMITS.variants);
/** Accepted short answers per language; a taker may answer in any of them. */
const LocalizedVariants = object({
  uk: optional(variants),
  en: optional(variants),
  ru: optional(variants),
  pl: optional(variants),
});

export const Slug = pattern(size(string(), 1, 80), /^[a-z0-9]+(?:-[a-z0-9]+)*$/);
/** Block and question keys: stable within a lesson, so re-imports keep answers meaningful. */
export const Key = pattern(size(string(), 1, 40), /^[a-z0-9][a-z0-9_-]*$/);
export const Audience = enums(['student', 'tutor']);
export type Audience = Infer<typeof Audience>;

export const Language = enums(LOCALES);
/** One to four languages, each once; the first is the primary one. */
export const Languages = refine(
  size(array(Language), 1, LOCALES.length),
  'languages',
  (list) => new Set(list).size === list.length || 'a language is listed twice',
);

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
const ImageRef = object({ id: ImageId, alt: LocalizedText });
export type ImageRef = Infer<typeof ImageRef>;

const Option = object({ id: Key, text: LocalizedText, image: optional(ImageRef) });
const Options = size(array(Option), 2, LESSON_LIMITS.options);

const common = {
  id: Key,
  points: Points,
  text: LocalizedText,
  explanation: optional(LocalizedText),
  image: optional(ImageRef),
};

const SingleQuestion = object({ ...common, type: literal('single'), options: Options, correct: Key });
const MultipleQuestion = object({
  ...common,
  type: literal('multiple'),
  options: Options,
  correct: size(array(Key), 1, LESSON_LIMITS.options),
});
const TextQuestion = object({ ...common, type: literal('text'), accepted: LocalizedVariants });
const NumberQuestion = object({
  ...common,
  type: literal('number'),
  correct: FiniteNumber,
  tolerance: Tolerance,
});

export const Question = union([SingleQuestion, MultipleQuestion, TextQuestion, NumberQuestion]);
/** Each question type's own shape, to name the field a question of that type gets wrong. */
export const QUESTION_SHAPES = {
  single: SingleQuestion,
  multiple: MultipleQuestion,
  text: TextQuestion,
  number: NumberQuestion,
} as const;
export type Question = Infer<typeof Question>;
export type QuestionType = Question['type'];

/**
 * A pool: each attempt is asked `count` of its block's questions, drawn for that attempt. By points,
 * each points value gives its own share (count × its questions ÷ all), so every draw is worth the same.
 */
export const DrawRule = object({
  count: between(integer(), 1, LESSON_LIMITS.questions, `must be a whole number from 1 to ${LESSON_LIMITS.questions}`),
  by_points: boolean(),
});
export type DrawRule = Infer<typeof DrawRule>;

export const Block = object({
  id: Key,
  title: LocalizedText,
  questions: size(array(Question), 1, LESSON_LIMITS.questions),
  draw: optional(DrawRule),
});
export type Block = Infer<typeof Block>;

export const LessonFile = object({
  kind: literal('lesson'),
  slug: Slug,
  /** Its place in the catalog: both or neither (a tutor's own test may have none). */
  subject: optional(Slug),
  specialization: optional(Slug),
  audience: Audience,
  duration_seconds: size(integer(), LESSON_LIMITS.minDuration, LESSON_LIMITS.maxDuration),
  published: boolean(),
  languages: optional(Languages),
  title: LocalizedText,
  description: LocalizedText,
  blocks: size(array(Block), 1, LESSON_LIMITS.blocks),
  /** The bytes of the images its questions and options show (a file from a tutor's export). */
  images: optional(array(EmbeddedImage)),
});
export type LessonFile = Infer<typeof LessonFile>;

export const Seo = object({ title: AllLanguagesText, description: AllLanguagesText });

const SpecializationEntry = object({
  slug: Slug,
  title: AllLanguagesText,
  description: AllLanguagesText,
  seo: optional(Seo),
});

const SubjectEntry = object({
  slug: Slug,
  audience: Audience,
  title: AllLanguagesText,
  description: AllLanguagesText,
  seo: optional(Seo),
  specializations: nonempty(array(SpecializationEntry)),
});

export const CatalogFile = object({
  kind: literal('catalog'),
  site: object({ title: AllLanguagesText, description: AllLanguagesText, seo: Seo }),
  subjects: nonempty(array(SubjectEntry)),
});
export type CatalogFile = Infer<typeof CatalogFile>;
export type SubjectEntry = Infer<typeof SubjectEntry>;
