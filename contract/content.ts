/**
 * The authoring format of lesson files in `content/`: what `npm run content:import` accepts.
 * Every text a user reads is written out in all four languages.
 */
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  min,
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

// `trimmed` only acts when coercing, and not at all inside a union (questions): refuse blank text outright.
const notBlank = <T extends string>(struct: Struct<T, null>) =>
  refine(struct, 'not blank', (v) => v.trim().length > 0 || 'must not be blank');
// Texts follow the text rule (text.ts): lesson texts may span lines, accepted answers are one line each.
const text = notBlank(size(trimmed(Paragraph), 1, 4000));
/** A text in every language of the interface. */
const LocalizedText = object({ uk: text, en: text, ru: text, pl: text });
export type LocalizedText = Infer<typeof LocalizedText>;

const variants = size(array(notBlank(size(trimmed(Line), 1, 200))), 1, 20);
/** Accepted short answers per language; a taker may answer in any of them. */
const LocalizedVariants = object({ uk: variants, en: variants, ru: variants, pl: variants });

export const Slug = pattern(size(string(), 1, 80), /^[a-z0-9]+(?:-[a-z0-9]+)*$/);
/** Block and question keys: stable within a lesson, so re-imports keep answers meaningful. */
export const Key = pattern(size(string(), 1, 40), /^[a-z0-9][a-z0-9_-]*$/);
export const Audience = enums(['student', 'tutor']);
export type Audience = Infer<typeof Audience>;

const Points = refine(number(), 'points', (v) => Number.isFinite(v) && v > 0 && v <= 100);
const Option = object({ id: Key, text: LocalizedText });
const Options = refine(size(array(Option), 2, 12), 'unique option ids', (opts) => {
  const ids = opts.map((o) => o.id);
  return new Set(ids).size === ids.length || 'option ids must be unique within a question';
});

const common = {
  id: Key,
  points: Points,
  text: LocalizedText,
  explanation: optional(LocalizedText),
};

const SingleQuestion = object({ ...common, type: literal('single'), options: Options, correct: Key });
const MultipleQuestion = object({
  ...common,
  type: literal('multiple'),
  options: Options,
  correct: size(array(Key), 1, 12),
});
const TextQuestion = object({ ...common, type: literal('text'), accepted: LocalizedVariants });
const NumberQuestion = object({
  ...common,
  type: literal('number'),
  correct: refine(number(), 'finite', (v) => Number.isFinite(v)),
  tolerance: min(number(), 0),
});

export const Question = union([SingleQuestion, MultipleQuestion, TextQuestion, NumberQuestion]);
export type Question = Infer<typeof Question>;
export type QuestionType = Question['type'];

export const Block = object({
  id: Key,
  title: LocalizedText,
  questions: size(array(Question), 1, 200),
});
export type Block = Infer<typeof Block>;

export const LessonFile = object({
  kind: literal('lesson'),
  slug: Slug,
  subject: Slug,
  specialization: Slug,
  audience: Audience,
  duration_seconds: size(integer(), 60, 6 * 3600),
  published: boolean(),
  title: LocalizedText,
  description: LocalizedText,
  blocks: size(array(Block), 1, 50),
});
export type LessonFile = Infer<typeof LessonFile>;

export const Seo = object({ title: LocalizedText, description: LocalizedText });

const SpecializationEntry = object({
  slug: Slug,
  title: LocalizedText,
  description: LocalizedText,
  seo: optional(Seo),
});

const SubjectEntry = object({
  slug: Slug,
  audience: Audience,
  title: LocalizedText,
  description: LocalizedText,
  seo: optional(Seo),
  specializations: nonempty(array(SpecializationEntry)),
});

export const CatalogFile = object({
  kind: literal('catalog'),
  site: object({ title: LocalizedText, description: LocalizedText, seo: Seo }),
  subjects: nonempty(array(SubjectEntry)),
});
export type CatalogFile = Infer<typeof CatalogFile>;
export type SubjectEntry = Infer<typeof SubjectEntry>;
