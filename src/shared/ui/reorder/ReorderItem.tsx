import { useLingui } from '@lingui/react/macro';
import type { DragEvent, ReactNode } from 'react';

/** The item being dragged: its list and place (one drag at a time on a page). */
let dragging: { list: string; index: number } | null = null;

const sameList = (list: string) => dragging?.list === list;

/**
 * The handle a pointer drags an item of a list by. Keyboard and screen-reader users move items
 * with the buttons beside it (MoveButtons), which say where the item went; the handle is for the mouse
 * and touch only, so it is hidden from assistive technology.
 */
export function DragHandle({ list, index, name }: { list: string; index: number; name: string }) {
  const { t } = useLingui();
  return (
    <span
      className="drag-handle"
      aria-hidden="true"
      title={t`Drag to move ${name}`}
      data-testid={`drag-${list}-${index}`}
      draggable
      onDragStart={(event) => {
        dragging = { list, index };
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', name);
      }}
      onDragEnd={() => {
        dragging = null;
      }}
    >
      ⠿
    </span>
  );
}

interface ReorderItemProps {
  as: 'li' | 'section';
  list: string;
  index: number;
  className: string;
  /** Moves the dragged item here (it lands at this item's place). */
  onMove: (from: number, to: number) => void;
  children: ReactNode;
  labelledBy?: string;
}

/** An item of a list that takes a dragged item of the same list (never one of another list). */
export function ReorderItem({ as: Tag, list, index, className, onMove, children, labelledBy }: ReorderItemProps) {
  const over = (event: DragEvent) => {
    if (!sameList(list)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'move';
  };
  const drop = (event: DragEvent) => {
    if (!dragging || !sameList(list)) return;
    event.preventDefault();
    event.stopPropagation();
    const from = dragging.index;
    dragging = null;
    if (from !== index) onMove(from, index);
  };
  return (
    <Tag className={className} aria-labelledby={labelledBy} onDragOver={over} onDrop={drop}>
      {children}
    </Tag>
  );
}
