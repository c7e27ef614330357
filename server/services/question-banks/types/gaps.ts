/**
 * Gaps in running text in the banks. Moodle: an embedded answers (Cloze) question, `type="cloze"` as
 * Moodle exports it, the instruction then the passage with each gap written as a subquestion
 * (`{2:SHORTANSWER:=Paris}`, `SHORTANSWER_C` where case counts, `{1:NUMERICAL:=4:0.5}`,
 * `{1:MULTICHOICE:=a~b}`) whose number is its weight: Moodle never reads a Cloze question's
 * `defaultgrade`, its points are the sum of its gaps' weights (clozeWeights). QTI: the passage with a
 * `textEntryInteraction` or an `inlineChoiceInteraction` in place of each gap, one response each, and
 * a response processing that adds each right gap's share of the points (by its weight).
 */
import { ANSWER_PARTS } from '../../../../contract/answer-value.ts';
import { GAP_MARKER, type Gap, type GapsQuestion, gapWeight } from '../../../../contract/question-types/gaps.ts';
import type { DraftGap } from '../../../../contract/tutor-tests.ts';
import { phrase } from '../../../i18n/messages.ts';
import type { BankAnswer } from '../bank.ts';
import { xmlEscape } from '../bank-writing.ts';
import type { BankTypeMappings, BankWriting, DraftReading } from './bank-type.ts';
import { draftOptions, optionId } from './option-ids.ts';

type BankGaps = Extract<BankAnswer, { type: 'gaps' }>;

const gapId = (at: number) => `g${at + 1}`;

/** A draft's gap as the lesson file's (a missing key left for the file check to name). */
/** A gap's weight as a field, only where it is not 1 (a draft's and a lesson file's alike). */
const weightOf = (weight: number | undefined) => (weight === undefined || weight === 1 ? {} : { weight });

function gapOf(gap: DraftGap, read: DraftReading): Gap {
  // A missing key is a placeholder here, named by the publish checklist (draftKey's missingBelow).
  const weight = weightOf(gap.weight);
  if (gap.kind === 'number')
    return { id: gap.id, kind: 'number', correct: gap.correct_number ?? 0, tolerance: gap.tolerance ?? 0, ...weight };
  if (gap.kind === 'choice')
    return {
      id: gap.id,
      kind: 'choice',
      options: read.options(gap.options ?? []),
      correct: gap.correct_option ?? '',
      ...weight,
    };
  return {
    id: gap.id,
    kind: 'text',
    accepted: read.accepted(gap.accepted ?? {}),
    case_sensitive: gap.case_sensitive ?? false,
    ...weight,
  };
}

function draftGapOf(gap: Gap): DraftGap {
  const weight = weightOf(gap.weight);
  if (gap.kind === 'number')
    return { id: gap.id, kind: 'number', correct_number: gap.correct, tolerance: gap.tolerance, ...weight };
  if (gap.kind === 'choice')
    return { id: gap.id, kind: 'choice', options: gap.options, correct_option: gap.correct, ...weight };
  return { id: gap.id, kind: 'text', accepted: gap.accepted, case_sensitive: gap.case_sensitive, ...weight };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The whole-number weights a Cloze question's gaps are written with. Moodle's points for it are their
 * sum, so where the points split into whole numbers in the gaps' proportions those are the weights
 * (1 point, 1 gap: `{1:…}`; 4 points, 2 gaps: `{2:…}{2:…}`; 6 points weighted 1 and 2: `{2:…}{4:…}`).
 * Where they do not (1 point over 3 gaps), the shares are kept, the gaps' own weights at their
 * smallest, and Moodle's points are their sum: a quiz sets each question's mark anyway, and a gap
 * worth nothing or more than its share would mark takers otherwise than Zalik did.
 */
export function clozeWeights(q: Pick<GapsQuestion, 'points' | 'gaps'>): number[] {
  const weights = q.gaps.map(gapWeight);
  const total = weights.reduce((sum, w) => sum + w, 0);
  const exact = weights.map((w) => (q.points * w) / total);
  if (exact.every((w) => Number.isInteger(w) && w >= 1)) return exact;
  const common = weights.reduce(gcd);
  return weights.map((w) => w / common);
}

/** Each gap's share of the points in QTI's response processing, by its weight. */
function qtiShares(q: Pick<GapsQuestion, 'points' | 'gaps'>): number[] {
  const weights = q.gaps.map(gapWeight);
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => Math.round(((q.points * w) / total) * 1e6) / 1e6);
}

/** Cloze's own characters, escaped with a backslash inside a subquestion. */
const clozeText = (text: string) => text.replace(/[\\}#~/"{=]/g, (c) => `\\${c}`);

function clozeOf(gap: Gap, weight: number, w: BankWriting): string {
  if (gap.kind === 'number') return `{${weight}:NUMERICAL:=${gap.correct}:${gap.tolerance}}`;
  if (gap.kind === 'choice')
    return `{${weight}:MULTICHOICE:${gap.options.map((o) => `${o.id === gap.correct ? '=' : ''}${clozeText(w.say(o.text))}`).join('~')}}`;
  const accepted = gap.accepted[w.language] ?? gap.accepted[w.primary] ?? [];
  return `{${weight}:SHORTANSWER${gap.case_sensitive ? '_C' : ''}:${accepted.map((a) => `=${clozeText(a)}`).join('~')}}`;
}

/** The passage in one language with each gap's marker replaced. */
const filled = (q: GapsQuestion, w: BankWriting, each: (gap: Gap, at: number) => string) =>
  w.say(q.passage).replace(GAP_MARKER, (marker, id: string) => {
    const at = q.gaps.findIndex((g) => g.id === id);
    return at < 0 ? marker : each(q.gaps[at] as Gap, at);
  });

function qtiGap(gap: Gap, at: number, share: number, w: BankWriting) {
  const id = `G${at + 1}`;
  const add = `<setOutcomeValue identifier="SCORE"><sum><variable identifier="SCORE"/><baseValue baseType="float">${share}</baseValue></sum></setOutcomeValue>`;
  if (gap.kind === 'choice') {
    const choices = gap.options.map(
      (o, i) => `<inlineChoice identifier="C${i + 1}">${xmlEscape(w.say(o.text))}</inlineChoice>`,
    );
    const right = `C${gap.options.findIndex((o) => o.id === gap.correct) + 1}`;
    return {
      declaration: `<responseDeclaration identifier="${id}" cardinality="single" baseType="identifier"><correctResponse><value>${right}</value></correctResponse></responseDeclaration>`,
      body: `<inlineChoiceInteraction responseIdentifier="${id}" shuffle="false">${choices.join('')}</inlineChoiceInteraction>`,
      condition: `<responseCondition><responseIf><match><variable identifier="${id}"/><correct identifier="${id}"/></match>${add}</responseIf></responseCondition>`,
    };
  }
  if (gap.kind === 'number') {
    return {
      declaration: `<responseDeclaration identifier="${id}" cardinality="single" baseType="float"><correctResponse><value>${gap.correct}</value></correctResponse></responseDeclaration>`,
      body: `<textEntryInteraction responseIdentifier="${id}" expectedLength="8"/>`,
      condition: `<responseCondition><responseIf><equal toleranceMode="absolute" tolerance="${gap.tolerance} ${gap.tolerance}"><variable identifier="${id}"/><correct identifier="${id}"/></equal>${add}</responseIf></responseCondition>`,
    };
  }
  const accepted = gap.accepted[w.language] ?? gap.accepted[w.primary] ?? [];
  const entries = accepted.map(
    (a) => `<mapEntry mapKey="${xmlEscape(a)}" mappedValue="${share}" caseSensitive="${gap.case_sensitive}"/>`,
  );
  return {
    declaration: `<responseDeclaration identifier="${id}" cardinality="single" baseType="string"><correctResponse><value>${xmlEscape(accepted[0] ?? '')}</value></correctResponse><mapping defaultValue="0" upperBound="${share}">${entries.join('')}</mapping></responseDeclaration>`,
    body: `<textEntryInteraction responseIdentifier="${id}" expectedLength="15"/>`,
    condition: `<setOutcomeValue identifier="SCORE"><sum><variable identifier="SCORE"/><mapResponse identifier="${id}"/></sum></setOutcomeValue>`,
  };
}

export const gapsMappings: BankTypeMappings<GapsQuestion, BankGaps> = {
  // A passage whose markers do not match the gaps, or a typed gap's missing answers, is named by the file check.
  draftKey: {
    field: 'gaps',
    missingBelow: (draft) =>
      (draft.gaps ?? []).flatMap((gap, at): [string, 'noCorrectOption' | 'noCorrectNumber'][] => {
        if (gap.kind === 'number' && (gap.correct_number ?? null) === null)
          return [[`gaps.${at}.correct_number`, 'noCorrectNumber']];
        if (gap.kind === 'choice' && !gap.correct_option) return [[`gaps.${at}.correct_option`, 'noCorrectOption']];
        return [];
      }),
  },
  fromBank(answer, read) {
    if (answer.gaps.length === 0) return read.skip(phrase('bankNoCorrectAnswer'));
    if (answer.gaps.length > ANSWER_PARTS) return read.skip(phrase('bankTooManyOptions', { limit: ANSWER_PARTS }));
    const gaps = answer.gaps.map((gap, at): DraftGap => {
      const id = gapId(at);
      const weight = weightOf(gap.weight);
      if (gap.kind === 'number')
        return { id, kind: 'number', correct_number: gap.correct, tolerance: gap.tolerance, ...weight };
      if (gap.kind === 'choice')
        return {
          id,
          kind: 'choice',
          options: draftOptions(gap.options, read),
          correct_option: optionId(gap.correct),
          ...weight,
        };
      return {
        id,
        kind: 'text',
        accepted: { [read.language]: gap.accepted },
        case_sensitive: gap.caseSensitive,
        ...weight,
      };
    });
    return { type: 'gaps', passage: read.text(answer.passage), gaps };
  },
  fromDraft: (draft, read) => ({
    type: 'gaps',
    passage: read.text(draft.passage),
    gaps: (draft.gaps ?? []).map((gap) => gapOf(gap, read)),
  }),
  toDraft: (q) => ({ type: 'gaps', passage: q.passage, gaps: q.gaps.map(draftGapOf) }),
  moodleXml(q, w) {
    const weights = clozeWeights(q);
    const passage = filled(q, w, (gap, at) => clozeOf(gap, weights[at] ?? 1, w));
    return `  <question type="cloze">\n    ${w.commonWith(`${w.say(q.text)}\n\n${passage}`)}\n  </question>`;
  },
  qti(q, w) {
    const shares = qtiShares(q);
    const parts = q.gaps.map((gap, at) => qtiGap(gap, at, shares[at] ?? 0, w));
    // Each gap's place kept through the escaping as a mark no text holds, then its interaction put there;
    // the passage is XHTML like every QTI text (a line break `<br/>`, formulas MathML).
    const passage = w
      .xhtml(filled(q, w, (_gap, at) => `⟦${at}⟧`))
      .replace(/⟦(\d+)⟧/g, (_m, at: string) => parts[Number(at)]?.body ?? '');
    const start = '<setOutcomeValue identifier="SCORE"><baseValue baseType="float">0</baseValue></setOutcomeValue>';
    return {
      declaration: parts.map((p) => p.declaration).join(''),
      body: `${w.prompt}<p>${passage}</p>`,
      processing: `<responseProcessing>${start}${parts.map((p) => p.condition).join('')}</responseProcessing>`,
    };
  },
};
