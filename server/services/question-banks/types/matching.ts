/**
 * Matching in the banks. Moodle: `matching`, each `<subquestion>` a prompt with its answer, one with
 * an empty text a distractor (Moodle shows equal answer texts once, so equal texts are one answer
 * here too). QTI: a `matchInteraction` of prompts and answers, a right pair worth its share of the
 * points (map_response); an answer may be matched to several prompts.
 */

import { ANSWER_PARTS } from '../../../../contract/answer-value.ts';
import { LESSON_LIMITS } from '../../../../contract/content.ts';
import type { MatchingQuestion } from '../../../../contract/question-types/matching.ts';
import { phrase } from '../../../i18n/messages.ts';
import type { BankAnswer } from '../bank.ts';
import { xmlEscape } from '../bank-writing.ts';
import type { BankTypeMappings } from './bank-type.ts';
import { draftOptions, optionId, promptId } from './option-ids.ts';

type BankMatching = Extract<BankAnswer, { type: 'matching' }>;

const share = (q: MatchingQuestion) => Math.round((q.points / q.prompts.length) * 1e6) / 1e6;

export const matchingMappings: BankTypeMappings<MatchingQuestion, BankMatching> = {
  // A prompt without its answer is named by the lesson file's check (promptWithoutMatch).
  draftKey: { field: 'matches' },
  fromBank(answer, read) {
    if (answer.prompts.length < 2) return read.skip(phrase('bankNoCorrectAnswer'));
    if (answer.prompts.length > ANSWER_PARTS) return read.skip(phrase('bankTooManyOptions', { limit: ANSWER_PARTS }));
    if (answer.options.length > LESSON_LIMITS.options)
      return read.skip(phrase('bankTooManyOptions', { limit: LESSON_LIMITS.options }));
    return {
      type: 'matching',
      prompts: draftOptions(answer.prompts, read, promptId),
      options: draftOptions(answer.options, read),
      matches: Object.fromEntries(answer.correct.map((at, prompt) => [promptId(prompt), optionId(at)] as const)),
    };
  },
  fromDraft: (draft, read) => ({
    type: 'matching',
    prompts: read.prompts(),
    options: read.options(),
    correct: { ...draft.matches },
  }),
  toDraft: (q) => ({ type: 'matching', prompts: q.prompts, options: q.options, matches: q.correct }),
  addTranslation(mine, theirs, language) {
    mine.prompts = mine.prompts?.map((prompt, at) => {
      const text = theirs.prompts?.[at]?.text[language];
      return text ? { ...prompt, text: { ...prompt.text, [language]: text } } : prompt;
    });
  },
  moodleXml(q, w) {
    const textOf = (id: string) => w.say(q.options.find((o) => o.id === id)?.text ?? {});
    const matched = new Set(Object.values(q.correct));
    // A prompt is a rich text with its picture; its answer, plain text, goes inside it.
    const answer = (text: string) => `<answer><text>${xmlEscape(text)}</text></answer></subquestion>`;
    const pairs = q.prompts.map((p) =>
      w.rich('subquestion', w.say(p.text), p.image).replace(/<\/subquestion>$/, answer(textOf(q.correct[p.id] ?? ''))),
    );
    const distractors = q.options
      .filter((o) => !matched.has(o.id))
      .map(
        (o) =>
          `<subquestion format="html"><text></text><answer><text>${xmlEscape(w.say(o.text))}</text></answer></subquestion>`,
      );
    return `  <question type="matching">\n    ${w.common}\n    <shuffleanswers>true</shuffleanswers>\n    ${[...pairs, ...distractors].join('\n    ')}\n  </question>`;
  },
  qti(q, w) {
    const pairs = q.prompts.map((p, i) => `P${i + 1} A${q.options.findIndex((o) => o.id === q.correct[p.id]) + 1}`);
    const prompts = q.prompts.map(
      (p, i) =>
        `<simpleAssociableChoice identifier="P${i + 1}" matchMax="1">${w.xhtml(w.say(p.text))}${w.img(p.image)}</simpleAssociableChoice>`,
    );
    const answers = q.options.map(
      (o, i) =>
        `<simpleAssociableChoice identifier="A${i + 1}" matchMax="${q.prompts.length}">${w.xhtml(w.say(o.text))}${w.img(o.image)}</simpleAssociableChoice>`,
    );
    return {
      declaration: `<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="directedPair"><correctResponse>${pairs.map((p) => `<value>${p}</value>`).join('')}</correctResponse><mapping defaultValue="0" lowerBound="0" upperBound="${q.points}">${pairs.map((p) => `<mapEntry mapKey="${p}" mappedValue="${share(q)}"/>`).join('')}</mapping></responseDeclaration>`,
      body: `${w.prompt}<matchInteraction responseIdentifier="RESPONSE" shuffle="true" maxAssociations="${q.prompts.length}"><simpleMatchSet>${prompts.join('')}</simpleMatchSet><simpleMatchSet>${answers.join('')}</simpleMatchSet></matchInteraction>`,
      processing: `<responseProcessing template="${w.templates}/map_response"/>`,
    };
  },
};
