import { useLingui } from '@lingui/react/macro';
import { type NumberProblem, type NumberRules, writeNumber } from '../../../../contract/numbers.ts';
import { useLocale } from '../../../i18n/locale-context.tsx';

/** Says why a typed number was not taken, with an example written the interface language's way. */
export function useNumberProblemText(): (problem: NumberProblem, rules: NumberRules) => string {
  const { t } = useLingui();
  const locale = useLocale();
  const write = (value: number) => writeNumber(value, locale);
  return (problem, { whole, min, max }) => {
    const low = min === undefined ? '' : write(min);
    const high = max === undefined ? '' : write(max);
    switch (problem) {
      case 'ambiguous': {
        const example = write(1000.5);
        return t`Use one decimal separator and spaces between thousands, such as ${example}.`;
      }
      case 'not-whole':
        return t`Enter a whole number.`;
      case 'too-small':
      case 'too-large':
        if (min !== undefined && max !== undefined) return t`Enter a number from ${low} to ${high}.`;
        if (min !== undefined && problem === 'too-small') return t`Enter a number of at least ${low}.`;
        if (max !== undefined && problem === 'too-large') return t`Enter a number of at most ${high}.`;
        break;
    }
    const example = write(whole ? 12 : 2.5);
    return whole ? t`Enter a whole number, such as ${example}.` : t`Enter a number, such as ${example}.`;
  };
}
