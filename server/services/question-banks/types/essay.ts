/**
 * An essay in the banks: a written answer marked by a person, with its word limits. Moodle: `essay`
 * in a plain-text box, `minwordlimit` and `maxwordlimit` (Moodle's own defaults for the rest: answer
 * required, no attachments). QTI: an `extendedTextInteraction` whose SCORE no response processing
 * sets (QTI leaves it to a person); its `expectedLength` the characters a maximum of words suggests.
 */
import type { EssayQuestion } from '../../../../contract/question-types/essay.ts';
import type { BankTypeMappings } from './bank-type.ts';

type EssayAnswer = { minWords?: number; maxWords?: number };

const limit = (words: number | undefined) => (words === undefined ? '' : String(words));
/** A word limit as a draft holds it: none unless given. */
const draftLimit = (words: number | null | undefined) => (words === null || words === undefined ? {} : { words });

export const essayMappings: BankTypeMappings<EssayQuestion, EssayAnswer> = {
  // An essay has no key: the publish checklist's word-limit problem is at its maximum.
  draftKey: { field: 'max_words' },
  fromBank: (answer) => ({
    type: 'essay',
    ...(answer.minWords === undefined ? {} : { min_words: answer.minWords }),
    ...(answer.maxWords === undefined ? {} : { max_words: answer.maxWords }),
  }),
  fromDraft: (draft) => {
    const min = draftLimit(draft.min_words);
    const max = draftLimit(draft.max_words);
    return {
      type: 'essay',
      ...('words' in min ? { min_words: min.words } : {}),
      ...('words' in max ? { max_words: max.words } : {}),
    };
  },
  toDraft: (q) => ({ type: 'essay', min_words: q.min_words ?? null, max_words: q.max_words ?? null }),
  moodleXml: (q, w) =>
    `  <question type="essay">\n    ${w.common}\n    <responseformat>plain</responseformat>\n    <responserequired>1</responserequired>\n    <responsefieldlines>15</responsefieldlines>\n    <minwordlimit>${limit(q.min_words)}</minwordlimit>\n    <maxwordlimit>${limit(q.max_words)}</maxwordlimit>\n    <attachments>0</attachments>\n    <attachmentsrequired>0</attachmentsrequired>\n  </question>`,
  qti: (q, w) => ({
    declaration: `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string"/>`,
    // QTI 2.1 has no word limits: `expectedLength` (characters) is the box's size a maximum suggests.
    body: `${w.prompt}<extendedTextInteraction responseIdentifier="RESPONSE" format="plain"${q.max_words === undefined ? '' : ` expectedLength="${q.max_words * 7}"`}/>`,
    processing: '',
  }),
};
