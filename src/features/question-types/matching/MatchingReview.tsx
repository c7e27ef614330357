import { useLingui } from '@lingui/react/macro';
import { RichText } from '../../../shared/ui/rich-text/RichText.tsx';
import type { ReviewProps } from '../parts.ts';

/** Each prompt and the answer matched to it; a prompt left open says so. */
export function MatchingReview({ value, question }: ReviewProps) {
  const { t } = useLingui();
  const pairs = typeof value === 'object' && !Array.isArray(value) ? value : {};
  const textOf = (id: string) => question.options?.find((o) => o.id === id)?.text ?? id;
  return (
    <ul className="answer-list">
      {(question.prompts ?? []).map((prompt) => {
        const chosen = pairs[prompt.id];
        return (
          <li key={prompt.id}>
            <RichText text={prompt.text} /> →{' '}
            {typeof chosen === 'string' ? (
              <RichText text={textOf(chosen)} />
            ) : (
              <em className="muted">{t`No answer`}</em>
            )}
          </li>
        );
      })}
    </ul>
  );
}
