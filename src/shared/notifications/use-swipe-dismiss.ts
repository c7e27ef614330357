import { type PointerEvent, useRef, useState } from 'react';

/** Swipe threshold: a notification dragged further than this sideways is dismissed. */
export const SWIPE_THRESHOLD_PX = 20;
/** Below this a press is still a click (on the dismiss button, say), not the start of a swipe. */
const DRAG_SLOP_PX = 4;

interface Drag {
  pointerId: number;
  startX: number;
  captured: boolean;
}

/**
 * Pointer-based swipe to dismiss (react-hot-toast has none): mouse, pen and touch alike. The
 * element follows the pointer sideways; let go past the threshold and `onDismiss` runs, short of
 * it and the element slides back.
 */
export function useSwipeDismiss(onDismiss: () => void, threshold = SWIPE_THRESHOLD_PX) {
  const drag = useRef<Drag | null>(null);
  const [offset, setOffset] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const [dragging, setDragging] = useState(false);

  const end = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    const distance = event.clientX - current.startX;
    if (!cancelled && Math.abs(distance) > threshold) {
      setDismissed(true);
      setOffset(distance);
      onDismiss();
    } else {
      setOffset(0);
    }
  };

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (dismissed || (event.pointerType === 'mouse' && event.button !== 0)) return;
      drag.current = { pointerId: event.pointerId, startX: event.clientX, captured: false };
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const distance = event.clientX - current.startX;
      // Captured only once it is clearly a drag, so a plain click still reaches the button inside.
      if (!current.captured && Math.abs(distance) > DRAG_SLOP_PX) {
        current.captured = true;
        setDragging(true);
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }
      if (current.captured) setOffset(distance);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      end(event, false);
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      end(event, true);
    },
  };

  return { offset, dragging, dismissed, handlers };
}
