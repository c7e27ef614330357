/**
 * A tutor's own test while it is written: the draft the editor saves. A draft may be incomplete
 * (a missing translation, a question without its correct answer yet): it only has to keep within
 * the limits below. Publishing checks completeness (server/services/tutor-tests/checklist.ts).
 *
 * Texts are plain text with line breaks, and TeX between `\( … \)` or `\[ … \]`: no HTML is ever
 * stored or rendered from a tutor.
 */

import { ANSWER_PARTS } from './answer-value.ts';
import { FiniteNumber, INT4_MAX, wholeBetween } from './bounds.ts';
import { DrawRule, Key, Language, Languages, LESSON_LIMITS, Slug, Tolerance } from './content.ts';
import { ImageId } from './images.ts';
import { Uuid } from './online.ts';
import { MAX_WORD_LIMIT } from './question-types/essay.ts';
import { GapWeight } from './question-types/gaps.ts';
import { ORDERING_MARKINGS } from './question-types/ordering.ts';
import { QUESTION_TYPE_NAMES } from './question-types/registry.ts';
import {
  array,
  between,
  boolean,
  enums,
  type Infer,
  integer,
  nullable,
  number,
  object,
  optional,
  record,
  refine,
  size,
  string,
} from './structs.ts';
import { Line, Paragraph } from './text.ts';

const DraftString = size(Paragraph, 0, LESSON_LIMITS.textLength);
/** A text in each of the test's languages; a language not written yet is absent or empty. */
export const DraftText = object({
  uk: optional(DraftString),
  en: optional(DraftString),
  ru: optional(DraftString),
  pl: optional(DraftString),
});
export type DraftText = Infer<typeof DraftText>;

const Variants = size(array(size(Line, 0, LESSON_LIMITS.variantLength)), 0, LESSON_LIMITS.variants);
/** Accepted short answers per language, compared as scoring compares them (trimmed, case folded). */
const DraftVariants = object({
  uk: optional(Variants),
  en: optional(Variants),
  ru: optional(Variants),
  pl: optional(Variants),
});

/** A picture and its description in each of the test's languages (required to publish). */
export const DraftImage = object({ id: ImageId, alt: DraftText });
export type DraftImage = Infer<typeof DraftImage>;

/** An essay's word limit (contract/question-types/essay.ts). */
const WordLimit = between(integer(), 1, MAX_WORD_LIMIT, `must be a whole number from 1 to ${MAX_WORD_LIMIT}`);

const DraftOption = object({ id: Key, text: DraftText, image: optional(nullable(DraftImage)) });

const QuestionKind = enums(QUESTION_TYPE_NAMES);

/**
 * A gap of a passage (gaps questions): its kind and that kind's key, the fields named as a question's
 * (so that the editor's parts for a text, a number and a choice write a gap too).
 */
const DraftGap = object({
  id: Key,
  kind: enums(['text', 'number', 'choice']),
  accepted: optional(DraftVariants),
  case_sensitive: optional(boolean()),
  correct_number: optional(nullable(FiniteNumber)),
  tolerance: optional(Tolerance),
  options: optional(size(array(DraftOption), 0, LESSON_LIMITS.options)),
  correct_option: optional(nullable(Key)),
  /** Its weight among the question's gaps (none: 1, as every gap the editor makes). */
  weight: optional(GapWeight),
});
export type DraftGap = Infer<typeof DraftGap>;

/**
 * One question. Fields that belong to another type are kept (a tutor switching a question from
 * single to multiple choice keeps its options) and ignored by that type.
 */
export const DraftQuestion = object({
  id: Key,
  type: QuestionKind,
  points: between(number(), 0, LESSON_LIMITS.maxPoints, `must be 0 to ${LESSON_LIMITS.maxPoints}`),
  text: DraftText,
  explanation: optional(DraftText),
  image: optional(nullable(DraftImage)),
  options: optional(size(array(DraftOption), 0, LESSON_LIMITS.options)),
  /** Single choice: the right option's id. */
  correct_option: optional(nullable(Key)),
  /** Multiple choice: every right option's id. */
  correct_options: optional(size(array(Key), 0, LESSON_LIMITS.options)),
  /** Text: the accepted answers. */
  accepted: optional(DraftVariants),
  /** Number: the right value and how far from it still counts. */
  correct_number: optional(nullable(FiniteNumber)),
  tolerance: optional(Tolerance),
  /** Matching: the prompts (its answers are the options) and each prompt's id → its right answer's id. */
  prompts: optional(size(array(DraftOption), 0, ANSWER_PARTS)),
  matches: optional(
    refine(record(Key, Key), 'matches', (pairs) => Object.keys(pairs).length <= ANSWER_PARTS || 'too many matches'),
  ),
  /** Ordering: how an order is marked (its items are the options, in their right order). */
  marking: optional(enums(ORDERING_MARKINGS)),
  /** Gaps: the running text with a `[[id]]` for each gap, and the gaps. */
  passage: optional(DraftText),
  gaps: optional(size(array(DraftGap), 0, ANSWER_PARTS)),
  /** Essay: the words a written answer should have at least and at most (guidance, never refused). */
  min_words: optional(nullable(WordLimit)),
  max_words: optional(nullable(WordLimit)),
});
export type DraftQuestion = Infer<typeof DraftQuestion>;

const DraftBlock = object({
  id: Key,
  title: DraftText,
  questions: size(array(DraftQuestion), 0, LESSON_LIMITS.questions),
  /** A pool: each taker is asked `count` of the block's questions (contract/pools.ts); absent or null for all. */
  draw: optional(nullable(DrawRule)),
});
export type DraftBlock = Infer<typeof DraftBlock>;

export const TestDraft = refine(
  object({
    title: DraftText,
    description: DraftText,
    /** The catalog's subject and specialization, both or neither. */
    subject: nullable(Slug),
    specialization: nullable(Slug),
    duration_seconds: size(integer(), 0, LESSON_LIMITS.maxDuration),
    /** One to four languages; the first is the primary one, shown beside the others in the editor. */
    languages: Languages,
    blocks: size(array(DraftBlock), 0, LESSON_LIMITS.blocks),
  }),
  'test limits',
  (draft) => {
    const questions = draft.blocks.reduce((sum, b) => sum + b.questions.length, 0);
    if (questions > LESSON_LIMITS.questions) return `at most ${LESSON_LIMITS.questions} questions in a test`;
    if ((draft.subject === null) !== (draft.specialization === null)) {
      return 'give both the subject and the specialization, or neither';
    }
    return true;
  },
);
export type TestDraft = Infer<typeof TestDraft>;

const TestStatus = enums(['draft', 'published', 'archived']);
export type TestStatus = Infer<typeof TestStatus>;

export const TutorTestSummary = object({
  id: Uuid,
  status: TestStatus,
  /** In the test's primary language; empty while untitled. */
  title: string(),
  languages: array(Language),
  subject: nullable(string()),
  specialization: nullable(string()),
  question_count: integer(),
  duration_seconds: integer(),
  /** The draft's revision: each save makes the next; a save based on an older one is a conflict. */
  revision: integer(),
  /** How many versions were published; 0 for a test never published. */
  published_versions: integer(),
  /** The draft differs from the last published version. */
  unpublished_changes: boolean(),
  /** Taken at least once (by anyone but a preview): such a test is archived, never deleted. */
  has_attempts: boolean(),
  created_at: integer(),
  updated_at: integer(),
});
export type TutorTestSummary = Infer<typeof TutorTestSummary>;

export const TutorTestList = array(TutorTestSummary);

export const TutorTest = object({ ...TutorTestSummary.schema, draft: TestDraft });
export type TutorTest = Infer<typeof TutorTest>;

export const TutorTestParams = object({ id: Uuid });

export const CreateTestRequest = object({
  /** A test to start from (a copy, an import); without it, an empty test in the caller's language. */
  draft: optional(TestDraft),
});

export const SaveDraftRequest = object({
  /** The revision this draft was made from (the one last read or saved). */
  revision: wholeBetween(0, INT4_MAX),
  draft: TestDraft,
});

/** One thing that keeps a draft from being published, at the field that needs it. */
const PublishProblem = object({
  /** The field's path in the draft: `blocks.0.questions.2.text.pl`, `duration_seconds`. */
  field: string(),
  message: string(),
});
export type PublishProblem = Infer<typeof PublishProblem>;

export const PublishChecklist = object({
  ready: boolean(),
  problems: array(PublishProblem),
});
export type PublishChecklist = Infer<typeof PublishChecklist>;
