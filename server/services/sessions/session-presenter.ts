/**
 * How a test session looks to its taker, in their language: its state while it runs (never a
 * correct answer), one block's questions, and the results once it is finished. Pure functions of
 * the session, its lesson version and the answers that count.
 */

import type { ImageRef, Question } from '../../../contract/content.ts';
import { imageUrl } from '../../../contract/images.ts';
import type { GivenAnswer, Locale, OnlineSession, Results, TakerBlock } from '../../../contract/index.ts';
import type { Option } from '../../../contract/lesson-parts.ts';
import { writtenIn } from '../../../contract/localized.ts';
import type { TakerImage } from '../../../contract/online.ts';
import { isWritten } from '../../../contract/question-types/essay.ts';
import {
  creditOf,
  type HandMark,
  isHandMarked,
  optionOrderOf,
  optionsOf,
  promptsOf,
  questionScore,
  shownOf,
} from '../../../contract/question-types/registry.ts';
import type { OnlineSessionsTable } from '../../db/schema.ts';
import type { LessonVersion } from '../catalog/lesson-versions.ts';
import { type Localized, pick } from '../catalog/localize.ts';
import { isUntimed } from './accommodated-time.ts';
import { correctAnswer, isCorrect, roundScore } from './scoring.ts';
import { seededOrder } from './seeded-order.ts';

/** The lesson's id, slug and texts (its title in every language, as stored). */
export interface LessonHeading {
  id: number;
  slug: string;
  texts: string;
}

/** An answer as stored: what the taker gave, and how late it arrived when it came from offline. */
export type StoredAnswer = GivenAnswer & { late_ms: number | null };

type Block = LessonVersion['blocks'][number];

/** A picture as its taker sees it: its address and its description in their language. */
function imageIn(image: ImageRef | undefined, locale: Locale): { image?: TakerImage } {
  return image ? { image: { url: imageUrl(image.id), alt: pick(image.alt, locale) } } : {};
}

type TakerOption = { id: string; text: string; image?: TakerImage };

const presenting = (locale: Locale) => ({
  text: (text: Localized) => pick(text, locale),
  option: (o: Option): TakerOption => ({ id: o.id, text: pick(o.text, locale), ...imageIn(o.image, locale) }),
});

/** A question's options, prompts and type's own parts (a passage and its gaps) in `locale`, in the author's order. */
function optionsIn(q: Question, locale: Locale): { options?: TakerOption[]; prompts?: TakerOption[] } {
  const present = presenting(locale);
  const options = optionsOf(q);
  const prompts = promptsOf(q);
  return {
    ...(options ? { options: options.map(present.option) } : {}),
    ...(prompts ? { prompts: prompts.map(present.option) } : {}),
    ...shownOf(q, present),
  };
}

/**
 * The options in the order the taker gets them: shuffled by `seed` where the assignment shuffles or
 * the type always does; for a type whose options are put in order, never already in a full-credit
 * order (turned by one place when the draw lands on it).
 */
function takerOptions(q: Question, options: TakerOption[], seed: string, assignmentShuffles: boolean): TakerOption[] {
  const rule = optionOrderOf(q);
  if (rule === 'author' && !assignmentShuffles) return options;
  const drawn = seededOrder(options, seed);
  if (
    rule !== 'unsolved' ||
    creditOf(
      q,
      drawn.map((o) => o.id),
    ) < 1
  )
    return drawn;
  return [...drawn.slice(1), ...drawn.slice(0, 1)];
}

/** The title the version was taken under (a tutor's test keeps it with each version; a catalog lesson's its own). */
const titleOf = (lesson: LessonHeading, version: LessonVersion): Localized =>
  version.title ?? (JSON.parse(lesson.texts) as { title: Localized }).title;

function lessonRef(lesson: LessonHeading, version: LessonVersion, locale: Locale) {
  return { id: lesson.id, slug: lesson.slug, title: pick(titleOf(lesson, version), locale) };
}

export function presentSession(
  session: OnlineSessionsTable,
  version: LessonVersion,
  lesson: LessonHeading,
  answers: GivenAnswer[],
  locale: Locale,
  serverNow: number,
): OnlineSession {
  return {
    uuid: session.uuid,
    status: session.status,
    role: session.role,
    lesson: lessonRef(lesson, version, locale),
    started_at: session.started_at,
    deadline: session.deadline,
    duration_seconds: Math.round((session.deadline - session.started_at) / 1000),
    server_now: serverNow,
    finished_at: session.finished_at,
    blocks: version.blocks.map((b) => ({
      id: b.id,
      title: pick(b.title, locale),
      question_count: b.questions.length,
    })),
    answered: answers.map((a) => a.question_id),
    answers,
    ...(session.collect_signals === 1 ? { collects_signals: true } : {}),
    ...(isUntimed(session.accommodation === null ? null : JSON.parse(session.accommodation)) ? { untimed: true } : {}),
    ...(Number(session.read_aloud) === 0 ? { read_aloud: false } : {}),
    // Its title has exactly the test's languages, as every text of it has.
    languages: writtenIn(titleOf(lesson, version)),
  };
}

/** An attempt's own order of questions and options (an assignment's shuffling), by its seed. */
export interface AttemptOrder {
  seed: string;
  questions: boolean;
  options: boolean;
}

/** A session's own order: seeded by its id, as its assignment's shuffle rules say. */
export function attemptOrderOf(
  session: Pick<OnlineSessionsTable, 'uuid' | 'shuffle_questions' | 'shuffle_options'>,
): AttemptOrder {
  return { seed: session.uuid, questions: session.shuffle_questions === 1, options: session.shuffle_options === 1 };
}

/**
 * Whether a question's options are drawn for the attempt: where its assignment shuffles options, and
 * always for a type that shuffles its own (a matching's answers, an ordering's start), whether or not
 * the assignment shuffles: one draw for every taker would let neighbours copy positions.
 */
function drawsOwnOptions(q: Question, order: AttemptOrder | undefined): order is AttemptOrder {
  return order !== undefined && (order.options || optionOrderOf(q) !== 'author');
}

/** Whether an attempt sees a version otherwise than its one sealed copy shows it (see `drawsOwnOptions`). */
export function hasOwnOrder(version: LessonVersion, order: AttemptOrder): boolean {
  return order.questions || version.blocks.some((block) => block.questions.some((q) => drawsOwnOptions(q, order)));
}

/** A block as the taker sees it: its questions and options, never their answers. */
export function presentTakerBlock(block: Block, locale: Locale, order?: AttemptOrder): TakerBlock {
  const questions = order?.questions ? seededOrder(block.questions, `${order.seed}:${block.id}`) : block.questions;
  return {
    id: block.id,
    title: pick(block.title, locale),
    questions: questions.map((q) => {
      const shown = optionsIn(q, locale);
      // The attempt's own draw where its options are drawn per attempt; otherwise the question's own,
      // the same as in the version's one sealed copy, so a device shows one order online and offline.
      const seed = drawsOwnOptions(q, order) ? `${order.seed}:${block.id}:${q.id}` : `${block.id}:${q.id}`;
      if (shown.options) shown.options = takerOptions(q, shown.options, seed, order?.options === true);
      return {
        id: q.id,
        type: q.type,
        text: pick(q.text, locale),
        points: q.points,
        ...shown,
        ...imageIn(q.image, locale),
      };
    }),
  };
}

export function presentResults(
  session: OnlineSessionsTable & { finished_at: number; score: number },
  version: LessonVersion,
  lesson: LessonHeading,
  answers: StoredAnswer[],
  locale: Locale,
  marks: ReadonlyMap<string, HandMark> = new Map(),
): Results {
  const given = new Map(answers.map((a) => [a.question_id, a]));
  const blocks = version.blocks.map((block) => {
    const questions = block.questions.map((q) => {
      const answer = given.get(q.id);
      const value = answer?.value ?? null;
      // Outside an assignment no one marks an essay: it earns nothing rather than waiting.
      const score = questionScore(q, value, marks.get(q.id)) ?? (session.assignment_id === null ? 0 : null);
      return {
        id: q.id,
        type: q.type,
        text: pick(q.text, locale),
        points: q.points,
        score: score === null ? null : roundScore(score),
        correct: score === null ? null : isHandMarked(q) ? score === q.points : isCorrect(q, value),
        answered: value !== null,
        given: value,
        correct_answer: isHandMarked(q) ? null : correctAnswer(q, locale),
        ...handMarking(q, value, marks.get(q.id), session.assignment_id !== null),
        ...optionsIn(q, locale),
        ...imageIn(q.image, locale),
        explanation: q.explanation ? pick(q.explanation, locale) : null,
        late_ms: answer?.late_ms ?? null,
      };
    });
    return {
      id: block.id,
      title: pick(block.title, locale),
      score: roundScore(questions.reduce((s, q) => s + (q.score ?? 0), 0)),
      max_score: roundScore(block.questions.reduce((s, q) => s + q.points, 0)),
      questions,
    };
  });
  const maxScore = session.max_score;
  return {
    uuid: session.uuid,
    lesson: lessonRef(lesson, version, locale),
    role: session.role,
    started_at: session.started_at,
    finished_at: session.finished_at,
    finish_reason: session.finish_reason ?? 'manual',
    score: session.score,
    max_score: maxScore,
    percent: maxScore > 0 ? Math.round((session.score / maxScore) * 1000) / 10 : 0,
    ...(session.awaiting_marks > 0 ? { awaiting_marks: session.awaiting_marks } : {}),
    blocks,
  };
}

/**
 * Where a hand-marked answer stands: awaiting its mark, marked (with the marker's comment), or, in
 * an attempt outside an assignment, unmarked for good (no tutor marks it). Nothing for the other
 * types, nor for an essay left empty.
 */
function handMarking(
  q: Question,
  value: StoredAnswer['value'] | null,
  mark: HandMark | undefined,
  markable: boolean,
): { marking?: 'awaiting' | 'marked' | 'unmarked'; comment?: string | null } {
  if (!isHandMarked(q) || !isWritten(value)) return {};
  if (mark) return { marking: 'marked', comment: mark.comment };
  return { marking: markable ? 'awaiting' : 'unmarked' };
}
