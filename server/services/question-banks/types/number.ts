/** A number in the banks: Moodle's `numerical` with its tolerance; QTI's `equal` within an absolute tolerance. */
import type { NumberQuestion } from '../../../../contract/question-types/number.ts';
import type { BankTypeMappings } from './bank-type.ts';

export const numberMappings: BankTypeMappings<NumberQuestion, { correct: number; tolerance: number }> = {
  draftKey: {
    field: 'correct_number',
    required: {
      given: (draft) => draft.correct_number !== null && draft.correct_number !== undefined,
      missing: 'noCorrectNumber',
    },
  },
  sheet: {
    guess: (row) => row.letters.length === 0 && row.number(row.correct) !== null,
    read(row) {
      const correct = row.number(row.correct);
      const tolerance = row.cell('tolerance') ? row.number(row.cell('tolerance')) : 0;
      if (correct === null || tolerance === null) return 'bankNoCorrectAnswer';
      return () => ({ correct, tolerance: Math.abs(tolerance) });
    },
  },
  fromBank: (answer) => ({ type: 'number', correct_number: answer.correct, tolerance: Math.abs(answer.tolerance) }),
  fromDraft: (draft) => ({ type: 'number', correct: draft.correct_number ?? 0, tolerance: draft.tolerance ?? 0 }),
  toDraft: (q) => ({ type: 'number', correct_number: q.correct, tolerance: q.tolerance }),
  moodleXml: (q, w) =>
    `  <question type="numerical">\n    ${w.common}\n    <answer fraction="100" format="moodle_auto_format"><text>${q.correct}</text><tolerance>${q.tolerance}</tolerance></answer>\n  </question>`,
  qti: (q, w) => ({
    declaration: `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="float"><correctResponse><value>${q.correct}</value></correctResponse></responseDeclaration>`,
    body: `${w.prompt}<p><textEntryInteraction responseIdentifier="RESPONSE" expectedLength="10"/></p>`,
    processing: `<responseProcessing><responseCondition><responseIf><equal toleranceMode="absolute" tolerance="${q.tolerance} ${q.tolerance}"><variable identifier="RESPONSE"/><correct identifier="RESPONSE"/></equal><setOutcomeValue identifier="SCORE"><variable identifier="MAXSCORE"/></setOutcomeValue></responseIf></responseCondition></responseProcessing>`,
  }),
};
