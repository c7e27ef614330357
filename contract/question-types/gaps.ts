/**
 * Gaps in running text: a passage whose `[[id]]` markers are its gaps, each typed (a text among the
 * accepted answers, with or without its case; or a number within a tolerance, typed as the taker's
 * school writes it and read by the one number parser) or chosen from a drop-down. Each gap is scored
 * on its own and earns its share of the points by its weight (1 unless given: all gaps weigh alike, as
 * the editor makes them until the tutor sets one; a bank's Cloze question may weigh one gap more,
 * `{2:SHORTANSWER:=…}`); a gap left open earns nothing.
 */
import { ANSWER_PARTS, isPartsValue } from '../answer-value.ts';
import { FiniteNumber, wholeBetween } from '../bounds.ts';
import { Key, LocalizedText, LocalizedVariants, Options, questionCommon, Tolerance } from '../lesson-parts.ts';
import { LOCALES } from '../locale.ts';
import { array, boolean, type Infer, literal, object, optional, size, union } from '../structs.ts';
import { optionProblems, pickOne } from './choice-parts.ts';
import { withinTolerance } from './number.ts';
import { normalizeText } from './text.ts';
import { questionType } from './unit.ts';

/** A gap's weight among its question's gaps: a whole number, as Moodle's Cloze weighs its parts. */
export const GAP_WEIGHT_MAX = 100;
export const GapWeight = wholeBetween(1, GAP_WEIGHT_MAX);
const weight = optional(GapWeight);

const TextGap = object({
  id: Key,
  kind: literal('text'),
  accepted: LocalizedVariants,
  case_sensitive: boolean(),
  weight,
});
const NumberGap = object({ id: Key, kind: literal('number'), correct: FiniteNumber, tolerance: Tolerance, weight });
const ChoiceGap = object({ id: Key, kind: literal('choice'), options: Options, correct: Key, weight });
export type Gap = Infer<typeof TextGap> | Infer<typeof NumberGap> | Infer<typeof ChoiceGap>;

const GapsQuestion = object({
  ...questionCommon,
  type: literal('gaps'),
  /** The running text, in each of the lesson's languages, with a `[[id]]` where each gap goes. */
  passage: LocalizedText,
  gaps: size(array(union([TextGap, NumberGap, ChoiceGap])), 1, ANSWER_PARTS),
});
export type GapsQuestion = Infer<typeof GapsQuestion>;

/** A gap's weight: 1 where none is given. */
export const gapWeight = (gap: Pick<Gap, 'weight'>) => gap.weight ?? 1;

/** A gap's place in a passage: `[[id]]`, the id as question keys are written. */
export const GAP_MARKER = /\[\[([a-z0-9][a-z0-9_-]*)\]\]/g;

/** The gap ids a passage names, in its order (a name twice appears twice). */
export function markersIn(passage: string): string[] {
  return [...passage.matchAll(GAP_MARKER)].map((m) => m[1] as string);
}

/** A typed gap's text as compared: trimmed, spaces collapsed, case folded unless the gap keeps case. */
const compared = (value: string, keepCase: boolean) =>
  keepCase ? value.normalize('NFKC').trim().replace(/\s+/g, ' ') : normalizeText(value);

/** A typed gap's accepted answers in every language as compared, once per gap (as text.ts does per question). */
const acceptedSets = new WeakMap<Gap, ReadonlySet<string>>();
function acceptedOf(gap: Extract<Gap, { kind: 'text' }>): ReadonlySet<string> {
  let set = acceptedSets.get(gap);
  if (!set) {
    set = new Set(Object.values(gap.accepted).flatMap((list) => list.map((a) => compared(a, gap.case_sensitive))));
    acceptedSets.set(gap, set);
  }
  return set;
}

/** One gap's credit, 0 or 1, for the value given to it (undefined: left open). */
function gapCredit(gap: Gap, given: unknown): number {
  if (given === undefined) return 0;
  if (gap.kind === 'number') return withinTolerance(given as number, gap.correct, gap.tolerance) ? 1 : 0;
  if (gap.kind === 'choice') return given === gap.correct ? 1 : 0;
  const typed = compared(given as string, gap.case_sensitive);
  return typed !== '' && acceptedOf(gap).has(typed) ? 1 : 0;
}

/** Whether `given` is of the gap's kind: a line for a typed text, a number, one of the drop-down's options. */
function fits(gap: Gap, given: unknown): boolean {
  if (gap.kind === 'number') return typeof given === 'number' && Number.isFinite(given);
  if (gap.kind === 'choice') return typeof given === 'string' && gap.options.some((o) => o.id === given);
  return typeof given === 'string' && given.length <= 200;
}

/** A gap named for the analysis by the words before it in each language: `…is in ___`. */
function gapLabels(passage: GapsQuestion['passage'], id: string): GapsQuestion['passage'] {
  const labels: GapsQuestion['passage'] = {};
  for (const [locale, text] of Object.entries(passage) as [keyof typeof passage, string][]) {
    const before = (text.split(`[[${id}]]`)[0] ?? '').replace(GAP_MARKER, '___').trim();
    const words = before.split(/\s+/).slice(-4).join(' ');
    labels[locale] = `${before.length > words.length ? '…' : ''}${words} ___`.trim();
  }
  return labels;
}

export const gaps = questionType<GapsQuestion>({
  name: 'gaps',
  struct: GapsQuestion,
  valueProblem(question, value) {
    if (!isPartsValue(value)) return 'sendGaps';
    for (const [id, given] of Object.entries(value)) {
      const gap = question.gaps.find((g) => g.id === id);
      if (!gap) return 'noSuchGap';
      if (!fits(gap, given))
        return gap.kind === 'choice' && typeof given === 'string' ? 'noSuchOption' : 'gapOfOtherKind';
    }
    return null;
  },
  credit(question, value) {
    const given = value as Record<string, unknown>;
    // Each gap's credit counted by its weight, out of all the gaps' weights.
    const sum = question.gaps.reduce(
      (total, gap) => total + gapWeight(gap) * gapCredit(gap, Object.hasOwn(given, gap.id) ? given[gap.id] : undefined),
      0,
    );
    return sum / question.gaps.reduce((total, gap) => total + gapWeight(gap), 0);
  },
  partCredits: (question, value) =>
    Object.fromEntries(
      question.gaps.map((gap) => {
        const given = value as Record<string, unknown>;
        return [gap.id, gapCredit(gap, Object.hasOwn(given, gap.id) ? given[gap.id] : undefined)];
      }),
    ),
  parts: (question) => question.gaps.map((gap) => ({ id: gap.id, text: gapLabels(question.passage, gap.id) })),
  fileProblems(question, check) {
    const ids = question.gaps.map((g) => g.id);
    ids.forEach((id, at) => {
      if (ids.indexOf(id) !== at) check.problem(`gaps.${at}.id`, 'duplicateId');
    });
    for (const locale of LOCALES) {
      const passage = question.passage[locale];
      if (passage === undefined) continue;
      const named = markersIn(passage);
      if (ids.some((id) => named.filter((n) => n === id).length !== 1))
        check.problem(`passage.${locale}`, 'gapMarkers');
      else if (named.some((n) => !ids.includes(n))) check.problem(`passage.${locale}`, 'gapMarkers');
    }
    check.localized(question.passage, 'passage');
    question.gaps.forEach((gap, at) => {
      if (gap.kind === 'text') check.localized(gap.accepted, `gaps.${at}.accepted`);
      if (gap.kind === 'choice')
        optionProblems(gap.options, [gap.correct], check, `gaps.${at}.options`, false, `gaps.${at}.correct`);
    });
  },
  shown: (question, present) => ({
    passage: present.text(question.passage),
    gaps: question.gaps.map((gap) => ({
      id: gap.id,
      kind: gap.kind,
      ...(gap.kind === 'choice' ? { options: gap.options.map(present.option) } : {}),
    })),
  }),
  sample(seen, random) {
    const parts = (seen.gaps ?? []).map((gap) => {
      if (gap.kind === 'number') return [gap.id, Math.round(random() * 100)] as const;
      if (gap.kind === 'choice')
        return [gap.id, pickOne({ type: 'gaps', options: gap.options ?? [] }, random)] as const;
      return [gap.id, 'x'] as const;
    });
    return Object.fromEntries(parts);
  },
  readable(shown, value) {
    const given = value as Record<string, unknown>;
    return (shown.gaps ?? [])
      .map((gap, at) => {
        const part = given[gap.id];
        const text = gap.options?.find((o) => o.id === part)?.text ?? (part === undefined ? '—' : String(part));
        return `${at + 1}. ${text}`;
      })
      .join('; ');
  },
  correctAnswer: (question, locale) =>
    Object.fromEntries(
      question.gaps.map((gap) => {
        if (gap.kind === 'number') return [gap.id, gap.correct];
        if (gap.kind === 'choice') return [gap.id, gap.correct];
        return [gap.id, (gap.accepted[locale] ?? Object.values(gap.accepted)[0])?.[0] ?? ''];
      }),
    ),
});
