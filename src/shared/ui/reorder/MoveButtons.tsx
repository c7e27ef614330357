import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { DragHandle } from './ReorderItem.tsx';
import './reorder.css';

interface MoveButtonsProps {
  /** What is moved, for people: "Question 3", "Option B". */
  name: string;
  /** The item's stable key (its id), to find its buttons again at the new place. */
  itemKey: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove?: () => void;
  /** Told to screen readers after a move: where the item went. */
  announce: (text: string) => void;
  /** The list's name for dragging: an item is dropped only among the items of its own list. */
  list: string;
}

/**
 * Reorders an item of a list by keyboard or pointer: up, down and remove, each named with the item,
 * and a handle to drag it by.
 * Focus stays on the button pressed (which moves along with its item), so pressing again moves on.
 */
export function MoveButtons({ name, itemKey, index, count, onMove, onRemove, announce, list }: MoveButtonsProps) {
  const { t } = useLingui();
  const group = useRef<HTMLDivElement>(null);
  const move = (to: number, which: 'up' | 'down') => {
    onMove(index, to);
    const position = to + 1;
    announce(t`${name} moved to position ${position} of ${count}`);
    // The item re-renders at its new place: find the same button there once it has.
    requestAnimationFrame(() => {
      const button = document.querySelector<HTMLButtonElement>(
        `[data-move="${which}"][data-move-key="${CSS.escape(itemKey)}"]`,
      );
      if (button && !button.disabled) button.focus();
      else group.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    });
  };
  return (
    <div className="move-buttons" ref={group}>
      {count > 1 && <DragHandle list={list} index={index} name={name} />}
      <button
        type="button"
        className="icon-button"
        data-move="up"
        data-move-key={itemKey}
        aria-label={t`Move ${name} up`}
        disabled={index === 0}
        onClick={() => move(index - 1, 'up')}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-button"
        data-move="down"
        data-move-key={itemKey}
        aria-label={t`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => move(index + 1, 'down')}
      >
        ↓
      </button>
      {onRemove && (
        <button type="button" className="icon-button" aria-label={t`Remove ${name}`} onClick={onRemove}>
          ✕
        </button>
      )}
    </div>
  );
}
