/**
 * A short text in the banks, with the accepted answers of the export's language. Moodle:
 * `shortanswer`, case ignored, each at 100 %. QTI: a `textEntryInteraction` mapped case-insensitively.
 */

import { LESSON_LIMITS } from '../../../../contract/content.ts';
import type { TextQuestion } from '../../../../contract/question-types/text.ts';
import { toLine } from '../../../../contract/text.ts';
import { phrase } from '../../../i18n/messages.ts';
import { xmlEscape } from '../bank-writing.ts';
import type { BankTypeMappings, BankWriting } from './bank-type.ts';

const acceptedIn = (q: TextQuestion, w: BankWriting) => q.accepted[w.language] ?? q.accepted[w.primary] ?? [];

export const textMappings: BankTypeMappings<TextQuestion, { accepted: string[] }> = {
  // Accepted answers missing in a language are named by the lesson file's check, per language.
  draftKey: { field: 'accepted' },
  sheet: {
    guess: (row) => row.letters.length === 0 && row.number(row.correct) === null,
    read: (row) =>
      row.correct
        ? ({ accepted }) => ({ accepted: accepted.map((a) => a.trim()).filter(Boolean) })
        : 'bankNoCorrectAnswer',
  },
  fromBank(answer, read) {
    const variants = [...new Set(answer.accepted.map((a) => toLine(a).trim()).filter(Boolean))];
    const kept = variants.filter((v) => v.length <= LESSON_LIMITS.variantLength).slice(0, LESSON_LIMITS.variants);
    if (kept.length < variants.length) {
      read.note(phrase('bankVariantsCut', { limit: LESSON_LIMITS.variants, length: LESSON_LIMITS.variantLength }));
    }
    return { type: 'text', accepted: { [read.language]: kept } };
  },
  fromDraft: (_draft, read) => ({ type: 'text', accepted: read.accepted() }),
  toDraft: (q) => ({ type: 'text', accepted: q.accepted }),
  addTranslation(mine, theirs, language) {
    const accepted = theirs.accepted?.[language];
    if (accepted) mine.accepted = { ...mine.accepted, [language]: accepted };
  },
  moodleXml(q, w) {
    const answers = acceptedIn(q, w).map(
      (a) => `<answer fraction="100" format="moodle_auto_format"><text>${xmlEscape(a)}</text></answer>`,
    );
    return `  <question type="shortanswer">\n    ${w.common}\n    <usecase>0</usecase>\n    ${answers.join('\n    ')}\n  </question>`;
  },
  qti(q, w) {
    const accepted = acceptedIn(q, w);
    const entries = accepted.map(
      (a) => `<mapEntry mapKey="${xmlEscape(a)}" mappedValue="${q.points}" caseSensitive="false"/>`,
    );
    return {
      declaration: `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"><correctResponse><value>${xmlEscape(accepted[0] ?? '')}</value></correctResponse><mapping defaultValue="0" upperBound="${q.points}">${entries.join('')}</mapping></responseDeclaration>`,
      body: `${w.prompt}<p><textEntryInteraction responseIdentifier="RESPONSE" expectedLength="20"/></p>`,
      processing: `<responseProcessing template="${w.templates}/map_response"/>`,
    };
  },
};
