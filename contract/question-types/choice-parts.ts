/** What the choice types (single, multiple) share: their options' own rules in a lesson file. */
import type { Option } from '../lesson-parts.ts';
import type { QuestionFileChecks, SeenQuestion } from './unit.ts';

function duplicates(values: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const v of values) (seen.has(v) ? twice : seen).add(v);
  return twice;
}

/** Each option's id once and its texts in the lesson's languages; the right ones among the options, once each. */
export function optionProblems(options: readonly Option[], correct: readonly string[], check: QuestionFileChecks) {
  const twiceOptions = duplicates(options.map((o) => o.id));
  options.forEach((option, oi) => {
    if (twiceOptions.has(option.id)) check.problem(`options.${oi}.id`, 'duplicateId');
    check.localized(option.text, `options.${oi}.text`);
    if (option.image) check.localized(option.image.alt, `options.${oi}.image.alt`);
  });
  const ids = new Set(options.map((o) => o.id));
  if (correct.some((id) => !ids.has(id))) check.problem('correct', 'correctNotAnOption');
  if (duplicates(correct).size) check.problem('correct', 'correctTwice');
}

/** One of the options the taker sees, chosen by `random` (0 to 1). */
export function pickOne(seen: SeenQuestion, random: () => number): string {
  const options = seen.options ?? [];
  return options[Math.min(options.length - 1, Math.floor(random() * options.length))]?.id ?? '';
}
