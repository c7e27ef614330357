import { Select, useLingui } from '@lingui/react/macro';
import { wordLimitState } from '../../../../contract/question-types/essay.ts';
import { formatNumber, pluralForm } from '../../../i18n/counts.ts';
import { useLocale } from '../../../i18n/locale-context.tsx';

/** How many words a written answer has, against the question's limits: for the taker and the marker. */
export function WordCount({
  id,
  words,
  min_words: min,
  max_words: max,
}: {
  id?: string;
  words: number;
  min_words?: number | undefined;
  max_words?: number | undefined;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const wordsForm = pluralForm(locale, words);
  const wordsText = formatNumber(locale, words);
  // Nothing written yet is not "fewer than asked": the limits alone are said.
  const state = words === 0 ? 'within' : wordLimitState({ min_words: min, max_words: max }, words);
  const minText = min === undefined ? '' : formatNumber(locale, min);
  const maxText = max === undefined ? '' : formatNumber(locale, max);
  const limits =
    min !== undefined && max !== undefined
      ? t`${minText} to ${maxText} words`
      : min !== undefined
        ? t`at least ${minText} words`
        : max !== undefined
          ? t`at most ${maxText} words`
          : null;
  return (
    <p id={id} className={`word-count word-count--${state}`}>
      <span>
        <Select value={wordsForm} _one={`${wordsText} word`} other={`${wordsText} words`} />
      </span>
      {limits && <span className="word-count__limits"> ({limits})</span>}
      {state === 'below' && <span className="word-count__state"> · {t`fewer than asked`}</span>}
      {state === 'above' && <span className="word-count__state"> · {t`more than asked`}</span>}
    </p>
  );
}
