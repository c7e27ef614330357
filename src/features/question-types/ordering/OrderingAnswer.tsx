import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { moved } from '../../../shared/ui/reorder/list-edits.ts';
import { MoveButtons } from '../../../shared/ui/reorder/MoveButtons.tsx';
import { ReorderItem } from '../../../shared/ui/reorder/ReorderItem.tsx';
import { OptionContent } from '../choice/OptionContent.tsx';
import type { AnswerInputProps } from '../parts.ts';
import './ordering.css';

/** The taker's order: the value when it holds every item once, else the order the items came in. */
function orderOf(value: AnswerInputProps['value'], ids: string[]): string[] {
  if (!Array.isArray(value) || value.length !== ids.length) return ids;
  return ids.every((id) => value.includes(id)) ? value : ids;
}

/**
 * The items in the taker's order, each with buttons to move it up or down (their new place is told to
 * screen readers) and a handle to drag it by. The order the items come in is shuffled and never
 * already right (the server makes it so); each move sends the whole order.
 */
export function OrderingAnswer({ question, value, onAnswer }: AnswerInputProps) {
  const { t } = useLingui();
  const [said, setSaid] = useState('');
  const items = question.options ?? [];
  const byId = new Map(items.map((item) => [item.id, item]));
  const order = orderOf(
    value,
    items.map((item) => item.id),
  );
  const list = `order-${question.id}`;
  const move = (from: number, to: number) => onAnswer(moved(order, from, to));
  return (
    <div className="ordering">
      <ol className="ordering__list">
        {order.map((itemId, index) => {
          const item = byId.get(itemId);
          if (!item) return null;
          return (
            <ReorderItem as="li" key={itemId} className="ordering__item" list={list} index={index} onMove={move}>
              <OptionContent option={item} className="ordering__text" />
              <MoveButtons
                list={list}
                name={t`“${item.text}”`}
                itemKey={`${question.id}.${itemId}`}
                index={index}
                count={order.length}
                announce={setSaid}
                onMove={move}
              />
            </ReorderItem>
          );
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
