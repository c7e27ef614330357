/**
 * The format of lesson files: what `npm run content:import` accepts from `content/`, and what a
 * tutor downloads and uploads. A lesson is written in the languages it lists (the first is its
 * primary one), or in all four when it lists none; every text has exactly those languages.
 * Checks that span fields (ids used once, answers among the options, each text in each language)
 * are in server/content/lesson-file-problems.ts.
 */

import { EmbeddedImage } from './images.ts';
import { AllLanguagesText, Key, LESSON_LIMITS, LocalizedText } from './lesson-parts.ts';
import { LOCALES } from './locale.ts';
import { type AnyQuestion, QUESTION_TYPE_LIST, type QuestionOf, type QuestionType } from './question-types/registry.ts';
import {
  array,
  between,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nonempty,
  object,
  optional,
  pattern,
  refine,
  type Struct,
  size,
  string,
  union,
} from './structs.ts';

export { ImageRef, Key, LESSON_LIMITS, LocalizedText, Tolerance } from './lesson-parts.ts';

export const Slug = pattern(size(string(), 1, 80), /^[a-z0-9]+(?:-[a-z0-9]+)*$/);
export const Audience = enums(['student', 'tutor']);
export type Audience = Infer<typeof Audience>;

export const Language = enums(LOCALES);
/** One to four languages, each once; the first is the primary one. */
export const Languages = refine(
  size(array(Language), 1, LOCALES.length),
  'languages',
  (list) => new Set(list).size === list.length || 'a language is listed twice',
);

export const Question = union(QUESTION_TYPE_LIST.map((unit) => unit.struct) as never) as Struct<AnyQuestion, null>;
/** Each question type's own shape, to name the field a question of that type gets wrong. */
export const QUESTION_SHAPES = Object.fromEntries(QUESTION_TYPE_LIST.map((unit) => [unit.name, unit.struct])) as {
  readonly [N in QuestionType]: Struct<QuestionOf<N>, unknown>;
};
export type Question = AnyQuestion;
export type { QuestionType };

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
