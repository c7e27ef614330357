import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/index.ts';
import { QUESTION_TYPE_NAMES } from '../../contract/question-types/registry.ts';
import { loadContent } from './validate.ts';

// The demo content is part of the product: these are the promises made about it.
const bundle = await loadContent('content');
const catalog = bundle.catalogs[0]?.data;

describe('demo content in content/', () => {
  it('has one catalog with 3+ student subjects of 2+ specializations and a tutor subject', () => {
    expect(bundle.catalogs).toHaveLength(1);
    const students = catalog?.subjects.filter((s) => s.audience === 'student') ?? [];
    expect(students.length).toBeGreaterThanOrEqual(3);
    for (const s of students) expect(s.specializations.length, s.slug).toBeGreaterThanOrEqual(2);
    expect(catalog?.subjects.filter((s) => s.audience === 'tutor').length).toBeGreaterThanOrEqual(1);
  });

  it('has 2+ published lessons in every specialization', () => {
    for (const subject of catalog?.subjects ?? []) {
      for (const spec of subject.specializations) {
        const lessons = bundle.lessons.filter(
          (l) => l.data.subject === subject.slug && l.data.specialization === spec.slug && l.data.published,
        );
        expect(lessons.length, `${subject.slug}/${spec.slug}`).toBeGreaterThanOrEqual(2);
        for (const l of lessons) expect(l.data.audience, l.file).toBe(subject.audience);
      }
    }
  });

  it('gives every lesson 10+ questions in 2+ blocks with the four first types, and the demo every type', () => {
    for (const { file, data } of bundle.lessons) {
      const questions = data.blocks.flatMap((b) => b.questions);
      expect(data.blocks.length, file).toBeGreaterThanOrEqual(2);
      expect(questions.length, file).toBeGreaterThanOrEqual(10);
      const types = new Set(questions.map((q) => q.type));
      for (const type of ['single', 'multiple', 'text', 'number'] as const) expect(types.has(type), file).toBe(true);
    }
    const shown = bundle.lessons.flatMap(({ data }) => data.blocks.flatMap((b) => b.questions.map((q) => q.type)));
    expect(new Set(shown)).toEqual(new Set(QUESTION_TYPE_NAMES));
  });

  it('writes every text out in all four languages, none left in English elsewhere', () => {
    for (const { file, data } of bundle.lessons) {
      const texts = [data.title, ...data.blocks.flatMap((b) => [b.title, ...b.questions.map((q) => q.text)])];
      for (const text of texts) {
        for (const locale of LOCALES) expect(text[locale]?.trim(), `${file}: ${text.en}`).not.toBe('');
        // Ukrainian and Russian texts are in Cyrillic, not copies of the English.
        expect(text.uk, file).not.toBe(text.en);
        expect(text.ru, file).not.toBe(text.en);
      }
    }
  });
});
