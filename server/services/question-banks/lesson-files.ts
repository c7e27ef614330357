/**
 * A tutor's draft and the lesson-file format (contract/content.ts) turned into each other: a test is
 * published, exported and previewed as a lesson file, and an uploaded lesson file becomes a draft.
 *
 * Texts are written in the test's languages only, the primary one first: a taker whose interface
 * language the test lacks reads the primary one (server/services/catalog/localize.ts relies on the order).
 * A draft keeps fields of other question types (options of a question switched to a text answer);
 * the file holds only those of the question's type.
 */
import type { Block, ImageRef, LessonFile, LocalizedText, Question } from '../../../contract/content.ts';
import { LOCALES, type Locale } from '../../../contract/locale.ts';
import type { DraftImage, DraftQuestion, DraftText, TestDraft } from '../../../contract/tutor-tests.ts';
import { bankMappingsNamed, bankMappingsOf } from './types/registry.ts';

/** The languages that have something written: a blank one is left out, as the file check then says it is missing. */
function inLanguages<T extends string | string[]>(
  languages: readonly Locale[],
  value: (language: Locale) => T,
): Partial<Record<Locale, T>> {
  const out: Partial<Record<Locale, T>> = {};
  for (const language of languages) {
    const written = value(language);
    if (written.length > 0) out[language] = written;
  }
  return out;
}

/**
 * A draft as a lesson file: a complete one (its publish checklist is empty) as it is published, an
 * incomplete one as the publish checklist checks it (server/services/tutor-tests/checklist.ts).
 */
export function lessonFileOf(draft: TestDraft, slug: string): LessonFile {
  const languages = draft.languages;
  const text = (t: DraftText): LocalizedText => inLanguages(languages, (l) => (t[l] ?? '').trim());
  const image = (i: DraftImage | null | undefined): { image?: ImageRef } =>
    i ? { image: { id: i.id, alt: text(i.alt) } } : {};
  const question = (q: DraftQuestion): Question => {
    const common = {
      id: q.id,
      points: q.points,
      text: text(q.text),
      ...(q.explanation && languages.some((l) => q.explanation?.[l]?.trim())
        ? { explanation: text(q.explanation) }
        : {}),
      ...image(q.image),
    };
    const list = (items: DraftQuestion['options']) =>
      (items ?? []).map((o) => ({ id: o.id, text: text(o.text), ...image(o.image) }));
    const read = {
      text: (value: DraftText | undefined) => text(value ?? {}),
      options: (items: DraftQuestion['options'] = q.options) => list(items),
      prompts: () => list(q.prompts),
      accepted: (variants: DraftQuestion['accepted'] = q.accepted) =>
        inLanguages(languages, (l) => (variants?.[l] ?? []).map((a) => a.trim()).filter(Boolean)),
    };
    return { ...common, ...bankMappingsNamed(q.type).fromDraft(q, read) } as Question;
  };
  return {
    kind: 'lesson',
    slug,
    ...(draft.subject !== null && draft.specialization !== null
      ? { subject: draft.subject, specialization: draft.specialization }
      : {}),
    audience: 'student',
    duration_seconds: draft.duration_seconds,
    published: true,
    languages,
    title: text(draft.title),
    description: text(draft.description),
    blocks: draft.blocks.map(
      (b): Block => ({
        id: b.id,
        title: text(b.title),
        questions: b.questions.map(question),
        ...(b.draw ? { draw: b.draw } : {}),
      }),
    ),
  };
}

/** A checked lesson file as a new test's draft. */
export function draftOf(lesson: LessonFile): TestDraft {
  const question = (q: Question): DraftQuestion => {
    const common = {
      id: q.id,
      points: q.points,
      text: q.text,
      ...(q.explanation ? { explanation: q.explanation } : {}),
      ...(q.image ? { image: q.image } : {}),
    };
    return { ...common, ...bankMappingsOf(q).toDraft(q) };
  };
  return {
    title: lesson.title,
    description: lesson.description,
    subject: lesson.subject ?? null,
    specialization: lesson.specialization ?? null,
    duration_seconds: lesson.duration_seconds,
    languages: lesson.languages ?? [...LOCALES],
    blocks: lesson.blocks.map((b) => ({
      id: b.id,
      title: b.title,
      questions: b.questions.map(question),
      ...(b.draw ? { draw: b.draw } : {}),
    })),
  };
}
