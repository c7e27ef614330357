/**
 * What keeps a draft from being published, each problem at the path of its field so the editor can
 * lead to it: every text in every language the test is written in, a correct answer for every
 * question, points above 0, a duration from 1 minute to 6 hours, at least one block and no empty
 * block, ids used once, formulas that parse, a description of every image in every language. The catalog place and
 * whether the images are stored are checked against the database by the service.
 */

import { LESSON_LIMITS } from '../../../contract/content.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { DraftQuestion, DraftText, TestDraft } from '../../../contract/tutor-tests.ts';
import { type MessageKey, type Phrase, phrase } from '../../i18n/messages.ts';
import type { FormulaVerdict } from './formula-checker.ts';

export interface DraftProblem {
  field: string;
  said: Phrase;
}

const MISSING: Record<Locale, MessageKey> = { uk: 'missingUk', en: 'missingEn', ru: 'missingRu', pl: 'missingPl' };

const filled = (value: string | undefined) => (value ?? '').trim().length > 0;

const FORMULA_PROBLEMS: Record<Exclude<FormulaVerdict, 'ok'>, MessageKey> = {
  bad: 'formulaDoesNotParse',
  slow: 'formulaNotChecked',
};

/** Every text of the draft (its formulas are checked apart, by formula-checker.ts). */
export function draftTexts(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) draftTexts(item, into);
  return into;
}

/** `formulas`: the verdict on each text's formulas (a text without any is `ok`). */
export function draftProblems(draft: TestDraft, formulas: (text: string) => FormulaVerdict): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const add = (field: string, key: MessageKey) => problems.push({ field, said: phrase(key) });
  const everyLanguage = (text: DraftText | undefined, field: string) => {
    for (const language of draft.languages) {
      const value = text?.[language];
      const verdict = filled(value) ? formulas(value ?? '') : 'ok';
      if (!filled(value)) add(`${field}.${language}`, MISSING[language]);
      else if (verdict !== 'ok') add(`${field}.${language}`, FORMULA_PROBLEMS[verdict]);
    }
  };
  /** An optional text: absent, or written in every language. */
  const allOrNone = (text: DraftText | undefined, field: string) => {
    if (text && draft.languages.some((language) => filled(text[language]))) everyLanguage(text, field);
  };

  everyLanguage(draft.title, 'title');
  everyLanguage(draft.description, 'description');
  if (draft.duration_seconds < LESSON_LIMITS.minDuration || draft.duration_seconds > LESSON_LIMITS.maxDuration) {
    add('duration_seconds', 'durationRange');
  }
  if (draft.blocks.length === 0) add('blocks', 'noBlocks');

  const blockIds = new Set<string>();
  const questionIds = new Set<string>();
  draft.blocks.forEach((block, bi) => {
    const at = `blocks.${bi}`;
    if (blockIds.has(block.id)) add(`${at}.id`, 'duplicateId');
    blockIds.add(block.id);
    everyLanguage(block.title, `${at}.title`);
    if (block.questions.length === 0) add(`${at}.questions`, 'emptyBlock');
    block.questions.forEach((question, qi) => {
      const qat = `${at}.questions.${qi}`;
      if (questionIds.has(question.id)) add(`${qat}.id`, 'duplicateId');
      questionIds.add(question.id);
      everyLanguage(question.text, `${qat}.text`);
      if (question.image) everyLanguage(question.image.alt, `${qat}.image.alt`);
      allOrNone(question.explanation, `${qat}.explanation`);
      if (!(question.points > 0)) add(`${qat}.points`, 'pointsPositive');
      problems.push(...answerProblems(question, qat, everyLanguage, draft.languages));
    });
  });
  return problems;
}

function answerProblems(
  question: DraftQuestion,
  at: string,
  everyLanguage: (text: DraftText | undefined, field: string) => void,
  languages: readonly Locale[],
): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const add = (field: string, key: MessageKey) => problems.push({ field, said: phrase(key) });
  switch (question.type) {
    case 'single':
    case 'multiple': {
      const options = question.options ?? [];
      if (options.length < 2) add(`${at}.options`, 'tooFewOptions');
      const ids = new Set<string>();
      options.forEach((option, oi) => {
        if (ids.has(option.id)) add(`${at}.options.${oi}.id`, 'duplicateId');
        ids.add(option.id);
        everyLanguage(option.text, `${at}.options.${oi}.text`);
        if (option.image) everyLanguage(option.image.alt, `${at}.options.${oi}.image.alt`);
      });
      const correct =
        question.type === 'single'
          ? question.correct_option
            ? [question.correct_option]
            : []
          : (question.correct_options ?? []);
      const field = question.type === 'single' ? `${at}.correct_option` : `${at}.correct_options`;
      if (correct.length === 0) add(field, 'noCorrectOption');
      else if (correct.some((id) => !ids.has(id)) || new Set(correct).size !== correct.length) {
        add(field, 'correctNotAnOption');
      }
      break;
    }
    case 'text':
      for (const language of languages) {
        if (!(question.accepted?.[language] ?? []).some(filled)) add(`${at}.accepted.${language}`, 'noAcceptedAnswer');
      }
      break;
    case 'number':
      if (question.correct_number === null || question.correct_number === undefined) {
        add(`${at}.correct_number`, 'noCorrectNumber');
      }
      break;
  }
  return problems;
}

/** Every image the draft shows, with the path of the field that holds it. */
export function draftImages(draft: TestDraft): { id: string; field: string }[] {
  const found: { id: string; field: string }[] = [];
  draft.blocks.forEach((block, bi) => {
    block.questions.forEach((question, qi) => {
      const at = `blocks.${bi}.questions.${qi}`;
      if (question.image) found.push({ id: question.image.id, field: `${at}.image` });
      (question.options ?? []).forEach((option, oi) => {
        if (option.image) found.push({ id: option.image.id, field: `${at}.options.${oi}.image` });
      });
    });
  });
  return found;
}
