/** What the types made of options (single, multiple, matching, ordering) share: their options' own rules in a lesson file. */
import type { Option } from '../lesson-parts.ts';
import type { QuestionFileChecks, SeenQuestion, ShownParts } from './unit.ts';

function duplicates(values: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const v of values) (seen.has(v) ? twice : seen).add(v);
  return twice;
}

/**
 * Each option's id once and its texts in the lesson's languages (at `field`); the right ones among
 * the options (named at `keyField`), and once each unless `repeatable` (a matching's answer may be right
 * for several prompts).
 */
export function optionProblems(
  options: readonly Option[],
  correct: readonly string[],
  check: QuestionFileChecks,
  field = 'options',
  repeatable = false,
  keyField = 'correct',
) {
  const twiceOptions = duplicates(options.map((o) => o.id));
  options.forEach((option, oi) => {
    if (twiceOptions.has(option.id)) check.problem(`${field}.${oi}.id`, 'duplicateId');
    check.localized(option.text, `${field}.${oi}.text`);
    if (option.image) check.localized(option.image.alt, `${field}.${oi}.image.alt`);
  });
  const ids = new Set(options.map((o) => o.id));
  if (correct.some((id) => !ids.has(id))) check.problem(keyField, 'correctNotAnOption');
  if (!repeatable && duplicates(correct).size) check.problem(keyField, 'correctTwice');
}

/** One of the options the taker sees, chosen by `random` (0 to 1). */
export function pickOne(seen: SeenQuestion, random: () => number): string {
  const options = seen.options ?? [];
  return options[Math.min(options.length - 1, Math.floor(random() * options.length))]?.id ?? '';
}

/** An option's text among those shown, or its id where it is not among them. */
export function textOf(shown: ShownParts, id: string): string {
  return shown.options?.find((o) => o.id === id)?.text || id;
}
