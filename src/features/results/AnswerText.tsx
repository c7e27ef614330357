import type { AnswerValue } from '../../../contract/index.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { RichText } from '../../shared/ui/rich-text/RichText.tsx';
import { describeAnswer } from './describe-answer.ts';

type Options = readonly { id: string; text: string }[] | undefined;

/** Several chosen options read better as a list than as one long sentence. */
export function AnswerText({ value, options }: { value: AnswerValue; options: Options }) {
  const locale = useLocale();
  if (Array.isArray(value) && value.length > 1) {
    return (
      <ul className="answer-list">
        {value.map((id) => (
          <li key={id}>
            <RichText text={describeAnswer(locale, id, options)} />
          </li>
        ))}
      </ul>
    );
  }
  return <RichText text={describeAnswer(locale, value, options)} />;
}
