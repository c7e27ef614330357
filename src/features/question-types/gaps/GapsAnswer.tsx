import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { AnswerValue } from '../../../../contract/index.ts';
import { NumberInput } from '../../../shared/forms/number-field/NumberInput.tsx';
import { RichText } from '../../../shared/ui/rich-text/RichText.tsx';
import { OptionSelect } from '../choice/OptionSelect.tsx';
import type { AnswerInputProps } from '../parts.ts';
import { LineInput } from '../text/LineInput.tsx';
import { passageParts } from './passage-parts.ts';
import './gaps.css';

type Parts = Record<string, string | number>;

const partsOf = (value: AnswerValue | undefined): Parts =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};

/**
 * The passage with a field in each gap: a line to type, a number (as the taker's school writes it),
 * or a drop-down. Each gap is named "Gap 2" for screen readers; every change sends all the gaps
 * filled so far, an emptied one left out.
 */
export function GapsAnswer({ question, value, onAnswer }: AnswerInputProps) {
  const { t } = useLingui();
  // The gaps as last sent: two gaps changed before the answer comes back both count.
  const latest = useRef(partsOf(value));
  useEffect(() => {
    latest.current = partsOf(value);
  }, [value]);
  const set = (id: string, part: string | number | null) => {
    const { [id]: _left, ...others } = latest.current;
    latest.current = part === null || part === '' ? others : { ...others, [id]: part };
    onAnswer(latest.current);
  };
  const gaps = new Map((question.gaps ?? []).map((gap) => [gap.id, gap]));
  const shown = partsOf(value);
  return (
    <div className="gaps__passage">
      {passageParts(question.passage ?? '').map((part) => {
        if ('text' in part) return <RichText key={part.key} text={part.text} />;
        const gap = gaps.get(part.gap);
        const label = t`Gap ${part.number}`;
        const given = shown[part.gap];
        if (!gap) return null;
        if (gap.kind === 'choice')
          return (
            <OptionSelect
              key={gap.id}
              className="gaps__field"
              aria-label={label}
              options={gap.options ?? []}
              value={typeof given === 'string' ? given : ''}
              onChoose={(option) => set(gap.id, option)}
            />
          );
        if (gap.kind === 'number')
          return (
            <NumberInput
              key={gap.id}
              id={`${question.id}-${gap.id}`}
              className="gaps__field gaps__field--number"
              aria-label={label}
              value={typeof given === 'number' ? given : null}
              empty="null"
              commit="pause"
              onValue={(number) => set(gap.id, number)}
            />
          );
        return (
          <LineInput
            key={gap.id}
            className="gaps__field"
            aria-label={label}
            maxLength={200}
            initial={typeof given === 'string' ? given : ''}
            onLine={(line) => set(gap.id, line)}
          />
        );
      })}
    </div>
  );
}
