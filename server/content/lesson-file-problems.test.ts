import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LESSON_LIMITS } from '../../contract/content.ts';
import { say } from '../i18n/messages.ts';
import { FIXTURES } from '../test/helpers.ts';
import { checkLessonFile } from './lesson-file-problems.ts';

type Json = Record<string, unknown>;
const fixture = (): Json => JSON.parse(readFileSync(join(FIXTURES, 'lessons/fixture-sums.json'), 'utf8'));

/** Only the first language of each text in a lesson, as a one-language lesson file has them. */
function onlyIn(language: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => onlyIn(language, v));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  if (entries.some(([k]) => k === 'uk') && entries.every(([k]) => ['uk', 'en', 'ru', 'pl'].includes(k))) {
    return { [language]: (value as Json)[language] };
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, onlyIn(language, v)]));
}

function said(raw: unknown, locale: 'en' | 'uk' = 'en') {
  return Object.fromEntries(checkLessonFile(raw).problems.map((p) => [p.field, say(p.said, locale)]));
}

describe('checking a lesson file', () => {
  it('takes a lesson in the languages it lists, and none other', () => {
    const lesson = { ...(onlyIn('pl', fixture()) as Json), languages: ['pl'] };
    expect(checkLessonFile(lesson).problems).toEqual([]);
    expect(said({ ...lesson, languages: ['pl', 'en'] })).toMatchObject({ 'title.en': 'The English text is missing' });
    const withUk = structuredClone(lesson) as unknown as { title: Json };
    withUk.title.uk = 'Суми';
    expect(said(withUk)).toEqual({ 'title.uk': 'This language is not one of the lesson’s languages' });
    expect(said({ ...lesson, languages: ['pl', 'pl'] })).toEqual({ languages: 'A language is listed twice' });
  });

  it('names the field a question of a known type gets wrong, in the reader’s language', () => {
    const lesson = fixture() as { blocks: { questions: Json[] }[] };
    const question = lesson.blocks[0]?.questions[0] as Json;
    question.correct = 3;
    expect(said(lesson, 'uk')).toEqual({ 'blocks.0.questions.0.correct': 'Тут очікується значення іншого типу' });
    question.type = 'hotspot';
    expect(said(lesson)).toEqual({ 'blocks.0.questions.0.type': 'Not one of the allowed values' });
  });

  it('says sizes, blanks, the text rule and unknown fields with their limits', () => {
    const lesson = fixture() as Json & { title: Json; blocks: Json[] };
    lesson.title.en = 'x'.repeat(LESSON_LIMITS.textLength + 1);
    lesson.title.uk = '   ';
    lesson.title.ru = 'bell\u0007';
    lesson.duration_seconds = 30;
    lesson.extra = true;
    expect(said(lesson)).toEqual({
      'title.en': `Must be 1 to ${LESSON_LIMITS.textLength} characters long`,
      'title.uk': 'Must not be blank',
      'title.ru': 'Contains a control character',
      duration_seconds: `Must be from ${LESSON_LIMITS.minDuration} to ${LESSON_LIMITS.maxDuration}`,
      extra: 'This field is not part of a lesson file',
    });
    expect(said({ ...fixture(), blocks: [] })).toEqual({ blocks: `Must have 1 to ${LESSON_LIMITS.blocks} items` });
  });

  it('wants an image described in every language, and says each number’s own range', () => {
    const lesson = fixture() as { blocks: { questions: Json[] }[] };
    const single = lesson.blocks[0]?.questions[0] as Json;
    single.image = { id: 'a'.repeat(64), alt: { uk: 'Яблука', en: 'Apples', ru: 'Яблоки' } };
    (single.options as Json[])[0] = {
      ...(single.options as Json[])[0],
      image: { id: 'b'.repeat(64), alt: { uk: 'Груша', en: 'A pear', pl: 'Gruszka' } },
    };
    expect(said(lesson)).toEqual({
      'blocks.0.questions.0.image.alt.pl': 'The Polish text is missing',
      'blocks.0.questions.0.options.0.image.alt.ru': 'The Russian text is missing',
    });
    const numbers = fixture() as { blocks: { questions: Json[] }[] };
    const all = numbers.blocks.flatMap((block, bi) =>
      block.questions.map((q, qi) => ({ q, at: `blocks.${bi}.questions.${qi}` })),
    );
    const number = all.find(({ q }) => q.type === 'number');
    if (!number || !all[0]) throw new Error('the fixture changed');
    all[0].q.points = 0;
    number.q.tolerance = -1;
    expect(said(numbers, 'uk')).toEqual({
      'blocks.0.questions.0.points': `Бали мають бути більшими за 0 і не більшими за ${LESSON_LIMITS.maxPoints}`,
      [`${number.at}.tolerance`]: 'Допуск має бути числом, не меншим за 0',
    });
  });

  it('wants the subject and the specialization together', () => {
    const { specialization: _gone, ...lesson } = fixture();
    expect(said(lesson)).toEqual({ specialization: 'Give both the subject and the specialization, or neither' });
    const { subject: _also, ...placeless } = lesson;
    expect(checkLessonFile(placeless).problems).toEqual([]);
  });
});
