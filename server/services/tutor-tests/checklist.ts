/**
 * What keeps a draft from being published: the lesson-file check (server/content/lesson-file-problems.ts)
 * of the file the draft would publish, at the draft's field names and in the editor's words, and what
 * only a draft can lack: a correct answer chosen (a file always holds one) and formulas that parse.
 * The catalog place and whether the images are stored are checked against the database by the service.
 */

import type { Locale } from '../../../contract/locale.ts';
import type { DraftQuestion, TestDraft } from '../../../contract/tutor-tests.ts';
import { builtLessonProblems } from '../../content/lesson-file-problems.ts';
import { type MessageKey, type Phrase, phrase } from '../../i18n/messages.ts';
import type { FormulaVerdict } from '../formulas/formula-checker.ts';
import { lessonFileOf } from '../question-banks/lesson-files.ts';
import { bankMappingsNamed } from '../question-banks/types/registry.ts';

export interface DraftProblem {
  field: string;
  said: Phrase;
}

const FORMULA_PROBLEMS: Record<Exclude<FormulaVerdict, 'ok'>, MessageKey> = {
  bad: 'formulaDoesNotParse',
  slow: 'formulaNotChecked',
};

/**
 * The file check's general words where the editor has its own: the editor counts minutes, not seconds,
 * and a draft's lists only ever fall short of the file's sizes (its contract holds the upper limits).
 */
const EDITOR_WORDS: [RegExp, MessageKey][] = [
  [/^duration_seconds$/, 'durationRange'],
  [/^blocks$/, 'noBlocks'],
  [/^blocks\.\d+\.questions$/, 'emptyBlock'],
  [/\.options$/, 'tooFewOptions'],
  [/\.points$/, 'pointsPositive'],
  [/\.accepted\.[a-z]{2}$/, 'noAcceptedAnswer'],
];
const GENERAL_WORDS = new Set<MessageKey>([
  'fieldCount',
  'fieldRange',
  'pointsRange',
  'missingUk',
  'missingEn',
  'missingRu',
  'missingPl',
]);

/** Where a question's correct answer lives in a draft, by its type; the file calls it `correct`. */
const correctField = (question: DraftQuestion) => bankMappingsNamed(question.type).draftKey.field;

/** Where a gap of a passage keeps its key in a draft, by the gap's kind; the file calls it `correct`. */
const GAP_KEYS: Record<NonNullable<DraftQuestion['gaps']>[number]['kind'], string> = {
  text: 'accepted',
  number: 'correct_number',
  choice: 'correct_option',
};

/** The draft's name of a field the file check names. */
function draftField(draft: TestDraft, field: string): string {
  const gap = /^blocks\.(\d+)\.questions\.(\d+)\.gaps\.(\d+)\.correct$/.exec(field);
  if (gap) {
    const kind = draft.blocks[Number(gap[1])]?.questions[Number(gap[2])]?.gaps?.[Number(gap[3])]?.kind;
    return kind ? `${field.slice(0, -'correct'.length)}${GAP_KEYS[kind]}` : field;
  }
  const at = /^blocks\.(\d+)\.questions\.(\d+)\.correct(\..*)?$/.exec(field);
  if (!at) return field;
  const question = draft.blocks[Number(at[1])]?.questions[Number(at[2])];
  const prefix = field.slice(0, field.length - `correct${at[3] ?? ''}`.length);
  return question ? `${prefix}${correctField(question)}${at[3] ?? ''}` : field;
}

function inEditorWords(field: string, said: Phrase): Phrase {
  if (!GENERAL_WORDS.has(said.key)) return said;
  const own = EDITOR_WORDS.find(([pattern]) => pattern.test(field));
  return own ? phrase(own[1]) : said;
}

/** Every text of the draft (its formulas are checked apart, by formula-checker.ts). */
export function draftTexts(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) draftTexts(item, into);
  return into;
}

/** Every text written in one of the test's languages (a string under a language's key), with its field. */
function writtenTexts(value: unknown, languages: readonly Locale[], at = '', into: [string, string][] = []) {
  if (!value || typeof value !== 'object') return into;
  for (const [key, item] of Object.entries(value)) {
    const field = at ? `${at}.${key}` : key;
    if (typeof item === 'string' && (languages as readonly string[]).includes(key)) {
      if (item.trim()) into.push([field, item]);
    } else writtenTexts(item, languages, field, into);
  }
  return into;
}

/** What only a draft can lack. */
function draftOnlyProblems(draft: TestDraft, formulas: (text: string) => FormulaVerdict): DraftProblem[] {
  const problems: DraftProblem[] = [];
  for (const [field, text] of writtenTexts(draft, draft.languages)) {
    const verdict = formulas(text);
    if (verdict !== 'ok') problems.push({ field, said: phrase(FORMULA_PROBLEMS[verdict]) });
  }
  draft.blocks.forEach((block, bi) => {
    block.questions.forEach((question, qi) => {
      const { field, required, missingBelow } = bankMappingsNamed(question.type).draftKey;
      if (required && !required.given(question)) {
        problems.push({ field: `blocks.${bi}.questions.${qi}.${field}`, said: phrase(required.missing) });
      }
      for (const [below, missing] of missingBelow?.(question) ?? []) {
        problems.push({ field: `blocks.${bi}.questions.${qi}.${below}`, said: phrase(missing) });
      }
    });
  });
  return problems;
}

/** The order the editor shows fields in, so the checklist reads from the top of the test down. */
const EDITOR_ORDER = [
  ...['title', 'description', 'subject', 'specialization', 'duration_seconds', 'languages', 'blocks', 'id'],
  ...['text', 'image', 'alt', 'options', 'correct_option', 'correct_options', 'accepted', 'correct_number'],
  ...['tolerance', 'points', 'explanation', 'questions', 'draw', 'count', 'uk', 'en', 'ru', 'pl'],
];

function fieldOrder(a: string, b: string): number {
  const [as, bs] = [a.split('.'), b.split('.')];
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const [x = '', y = ''] = [as[i], bs[i]];
    if (x === y) continue;
    if (/^\d+$/.test(x) && /^\d+$/.test(y)) return Number(x) - Number(y);
    const rank = (name: string) => (EDITOR_ORDER.includes(name) ? EDITOR_ORDER.indexOf(name) : EDITOR_ORDER.length);
    return rank(x) - rank(y) || x.localeCompare(y);
  }
  return as.length - bs.length;
}

/** `formulas`: the verdict on each text's formulas (a text without any is `ok`). One problem per field. */
export function draftProblems(draft: TestDraft, formulas: (text: string) => FormulaVerdict): DraftProblem[] {
  const fromFile = builtLessonProblems(lessonFileOf(draft, 'draft')).map(({ field, said }) => {
    const named = draftField(draft, field);
    return { field: named, said: inEditorWords(named, said) };
  });
  const problems: DraftProblem[] = [];
  const named = new Set<string>();
  for (const problem of [...draftOnlyProblems(draft, formulas), ...fromFile]) {
    if (named.has(problem.field)) continue;
    named.add(problem.field);
    problems.push(problem);
  }
  return problems.sort((a, b) => fieldOrder(a.field, b.field));
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
