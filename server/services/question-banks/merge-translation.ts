/**
 * A second file in another language taken as the translation of a draft already read: its texts
 * become the draft's texts in that language (titles, questions, options, pictures' descriptions,
 * explanations, accepted answers). Only when the two line up: as many blocks, each with as many
 * questions, each of the same type with as many options. Answers, points and pictures stay the
 * first file's. Otherwise the phrase that says where they part.
 */
import type { Locale } from '../../../contract/locale.ts';
import type { DraftText, TestDraft } from '../../../contract/tutor-tests.ts';
import { type Phrase, phrase } from '../../i18n/messages.ts';
import { bankMappingsNamed } from './types/registry.ts';

export function mergeTranslation(base: TestDraft, other: TestDraft, language: Locale): TestDraft | Phrase {
  if (base.languages.includes(language)) return phrase('bankTranslationSameLanguage');
  if (base.blocks.length !== other.blocks.length) {
    return phrase('bankTranslationBlocks', { ours: base.blocks.length, theirs: other.blocks.length });
  }
  for (const [bi, block] of base.blocks.entries()) {
    const theirs = other.blocks[bi]?.questions ?? [];
    if (block.questions.length !== theirs.length) {
      return phrase('bankTranslationQuestions', { block: bi + 1, ours: block.questions.length, theirs: theirs.length });
    }
    for (const [qi, question] of block.questions.entries()) {
      const their = theirs[qi];
      const where = { block: bi + 1, question: qi + 1 };
      if (their?.type !== question.type) return phrase('bankTranslationType', where);
      if ((their.options ?? []).length !== (question.options ?? []).length)
        return phrase('bankTranslationOptions', where);
    }
  }
  const add = (ours: DraftText | undefined, theirs: DraftText | undefined): DraftText => ({
    ...ours,
    ...(theirs?.[language] !== undefined ? { [language]: theirs[language] } : {}),
  });
  const merged = structuredClone(base);
  merged.languages = [...base.languages, language];
  merged.title = add(base.title, other.title);
  merged.description = add(base.description, other.description);
  merged.blocks.forEach((block, bi) => {
    const theirBlock = other.blocks[bi];
    block.title = add(block.title, theirBlock?.title);
    block.questions.forEach((question, qi) => {
      const their = theirBlock?.questions[qi];
      question.text = add(question.text, their?.text);
      if (question.explanation || their?.explanation)
        question.explanation = add(question.explanation, their?.explanation);
      if (question.image) question.image.alt = add(question.image.alt, their?.image?.alt);
      question.options?.forEach((option, oi) => {
        const theirOption = their?.options?.[oi];
        option.text = add(option.text, theirOption?.text);
        if (option.image) option.image.alt = add(option.image.alt, theirOption?.image?.alt);
      });
      if (their) bankMappingsNamed(question.type).addTranslation?.(question, their, language);
    });
  });
  return merged;
}
