import { RichText } from '../../../shared/ui/rich-text/RichText.tsx';
import type { ReviewProps } from '../parts.ts';

/** The items in the order given, numbered. */
export function OrderingReview({ value, question }: ReviewProps) {
  const order = Array.isArray(value) ? value : [];
  const textOf = (id: string) => question.options?.find((o) => o.id === id)?.text ?? id;
  return (
    <ol className="answer-list answer-list--ordered">
      {order.map((id) => (
        <li key={id}>
          <RichText text={textOf(id)} />
        </li>
      ))}
    </ol>
  );
}
