/**
 * The one check of a lesson file, for the operator's import (said in English) and a tutor's upload
 * (said in the tutor's language): its shape (contract/content.ts), then the rules that span fields.
 * Every problem names its field's path (`blocks.0.questions.2.text.pl`).
 *
 * The cross-field rules: each text (an image's description too) has exactly the lesson's languages (all four when it lists none),
 * subject and specialization come together or not at all, at most LESSON_LIMITS.questions questions,
 * ids used once (blocks and questions in the lesson, options in their question), correct answers
 * among the question's options, and a pool that can draw what it says (contract/pools.ts).
 */

import type { Failure, Struct } from 'superstruct';
import {
  LESSON_LIMITS,
  type LessonFile,
  LessonFile as LessonFileShape,
  type LocalizedText,
  QUESTION_SHAPES,
} from '../../contract/content.ts';
import { LOCALES, type Locale } from '../../contract/locale.ts';
import { poolProblem } from '../../contract/pools.ts';
import { unitOf } from '../../contract/question-types/registry.ts';
import { textProblem } from '../../contract/text.ts';
import { validateSafely } from '../http-error.ts';
import { type MessageKey, type Phrase, phrase } from '../i18n/messages.ts';

export interface FieldProblem {
  field: string;
  said: Phrase;
}

export type LessonFileCheck = { problems: FieldProblem[]; lesson?: undefined } | { problems: []; lesson: LessonFile };

const MISSING: Record<Locale, MessageKey> = { uk: 'missingUk', en: 'missingEn', ru: 'missingRu', pl: 'missingPl' };
const TEXT_PROBLEM_KEYS = { broken: 'textBroken', control: 'textControl', 'line-break': 'textLineBreak' } as const;

/** A superstruct failure as a phrase any language can say: superstruct's own words are English only. */
export function failurePhrase(failure: Failure): Phrase {
  const { value, type, refinement } = failure;
  if (type === 'never') return phrase('fieldUnknown');
  if (value === undefined) return phrase('required');
  if ((type === 'line' || type === 'paragraph') && typeof value === 'string') {
    const problem = textProblem(value, type === 'paragraph');
    if (problem) return phrase(TEXT_PROBLEM_KEYS[problem]);
  }
  switch (refinement) {
    case 'not blank':
      return phrase('fieldBlank');
    case 'pattern':
      return phrase('fieldPattern');
    case 'base64':
      return phrase('fieldBase64');
    case 'points':
      return phrase('pointsRange', { max: LESSON_LIMITS.maxPoints });
    case 'between': {
      // Of a lesson file's ranged numbers (contract/content.ts), points and the tolerance have rules of their own.
      const field = failure.path.at(-1);
      if (field === 'points') return phrase('pointsRange', { max: LESSON_LIMITS.maxPoints });
      return phrase(field === 'tolerance' ? 'toleranceRange' : 'numberFinite');
    }
    case 'languages':
      return phrase('languageTwice');
    case 'size': {
      const [min = '', max = min] = [...failure.message.matchAll(/`(-?\d+)`/g)].map((m) => m[1] as string);
      const key = typeof value === 'string' ? 'fieldLength' : Array.isArray(value) ? 'fieldCount' : 'fieldRange';
      return phrase(key, { min, max });
    }
  }
  if (type === 'literal' || type === 'enums') return phrase('fieldChoice');
  return phrase('fieldKind');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The path of a question in a lesson file, when `failure` is a whole question fitting no type. */
function questionPath(failure: Failure): string | null {
  const [blocks, , questions, index] = failure.path;
  const isQuestion =
    failure.type === 'union' &&
    failure.path.length === 4 &&
    blocks === 'blocks' &&
    questions === 'questions' &&
    typeof index === 'number';
  return isQuestion ? failure.path.join('.') : null;
}

/**
 * A question that fits no type reads to superstruct as a failure of the whole union, followed by
 * every type's own failures: checked again against the shape its `type` names, the failure lands
 * on the field that is wrong, and the other types' complaints are dropped.
 */
function questionFailures(failures: Failure[]): Failure[] {
  const questions = new Set(failures.map(questionPath).filter((p) => p !== null));
  const inside = (f: Failure) => {
    const path = f.path.join('.');
    return [...questions].some((q) => path.startsWith(`${q}.`));
  };
  return failures.flatMap((failure) => {
    if (inside(failure)) return [];
    if (questionPath(failure) === null || !isRecord(failure.value)) return [failure];
    const type = failure.value.type;
    if (typeof type !== 'string' || !Object.hasOwn(QUESTION_SHAPES, type)) {
      return [{ ...failure, path: [...failure.path, 'type'], value: type, type: 'enums', refinement: undefined }];
    }
    const shape: Struct<unknown, unknown> = QUESTION_SHAPES[type as keyof typeof QUESTION_SHAPES] as never;
    const [error] = validateSafely(failure.value, shape, { coerce: true });
    return error ? error.failures().map((f) => ({ ...f, path: [...failure.path, ...f.path] })) : [failure];
  });
}

function duplicates(values: string[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const v of values) (seen.has(v) ? twice : seen).add(v);
  return twice;
}

/** The rules that span fields, for a file of the right shape. */
function crossFieldProblems(lesson: LessonFile): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: string, key: MessageKey, values?: Record<string, string | number>) =>
    problems.push({ field, said: phrase(key, values) });
  const languages: readonly Locale[] = lesson.languages ?? LOCALES;
  const inLanguages = (text: Partial<Record<Locale, unknown>>, field: string) => {
    for (const language of languages) if (text[language] === undefined) add(`${field}.${language}`, MISSING[language]);
    for (const language of LOCALES) {
      if (text[language] !== undefined && !languages.includes(language))
        add(`${field}.${language}`, 'languageNotInLesson');
    }
  };
  const localized = (text: LocalizedText, field: string) => inLanguages(text, field);

  if ((lesson.subject === undefined) !== (lesson.specialization === undefined)) {
    add(lesson.subject === undefined ? 'subject' : 'specialization', 'placeBothOrNeither');
  }
  localized(lesson.title, 'title');
  localized(lesson.description, 'description');
  const questionCount = lesson.blocks.reduce((sum, block) => sum + block.questions.length, 0);
  if (questionCount > LESSON_LIMITS.questions) add('blocks', 'tooManyQuestions', { limit: LESSON_LIMITS.questions });

  const twiceBlocks = duplicates(lesson.blocks.map((b) => b.id));
  const twiceQuestions = duplicates(lesson.blocks.flatMap((b) => b.questions.map((q) => q.id)));
  lesson.blocks.forEach((block, bi) => {
    const at = `blocks.${bi}`;
    if (twiceBlocks.has(block.id)) add(`${at}.id`, 'duplicateId');
    localized(block.title, `${at}.title`);
    block.questions.forEach((q, qi) => {
      const qat = `${at}.questions.${qi}`;
      if (twiceQuestions.has(q.id)) add(`${qat}.id`, 'duplicateId');
      localized(q.text, `${qat}.text`);
      if (q.image) localized(q.image.alt, `${qat}.image.alt`);
      if (q.explanation) localized(q.explanation, `${qat}.explanation`);
      unitOf(q).fileProblems?.(q, {
        problem: (field, key) => add(`${qat}.${field}`, key),
        localized: (text, field) => inLanguages(text, `${qat}.${field}`),
      });
    });
    const pool = poolProblem(block);
    if (pool?.kind === 'tooMany')
      add(`${at}.draw.count`, 'poolTooMany', { count: pool.count, questions: pool.questions });
    if (pool?.kind === 'notWhole') {
      const of = block.questions.filter((q) => q.points === pool.points).length;
      add(`${at}.draw.count`, 'poolNotWhole', { count: block.draw?.count ?? 0, of, questions: block.questions.length });
    }
  });
  return problems;
}

function shapeCheck(raw: unknown): { problems: FieldProblem[]; lesson?: LessonFile } {
  // Coercion runs the texts' `trimmed`: without it a text of spaces alone passed as written.
  const [error, lesson] = validateSafely(raw, LessonFileShape, { coerce: true });
  if (!error) return { problems: [], lesson };
  return {
    problems: questionFailures(error.failures()).map((f) => ({ field: f.path.join('.'), said: failurePhrase(f) })),
  };
}

/** Checks a parsed lesson file: the lesson it holds, or every problem found. */
export function checkLessonFile(raw: unknown): LessonFileCheck {
  if (!isRecord(raw) || raw.kind !== 'lesson') return { problems: [{ field: 'kind', said: phrase('notALessonFile') }] };
  const { problems, lesson } = shapeCheck(raw);
  if (!lesson) return { problems };
  const crossField = crossFieldProblems(lesson);
  return crossField.length ? { problems: crossField } : { problems: [], lesson };
}

/**
 * Every problem of a lesson file the server built itself (a tutor's draft as it would be published):
 * its structure is right by construction, so the rules that span fields are checked even where a
 * value fails the shape, and a tutor hears of everything at once.
 */
export function builtLessonProblems(lesson: LessonFile): FieldProblem[] {
  return [...shapeCheck(lesson).problems, ...crossFieldProblems(lesson)];
}
