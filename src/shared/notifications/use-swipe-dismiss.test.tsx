import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SWIPE_THRESHOLD_PX, useSwipeDismiss } from './use-swipe-dismiss.ts';

function Swipeable({ onDismiss }: { onDismiss: () => void }) {
  const { offset, dismissed, handlers } = useSwipeDismiss(onDismiss);
  return (
    <div data-testid="toast" data-offset={offset} data-dismissed={dismissed} {...handlers}>
      <button type="button">Dismiss</button>
    </div>
  );
}

function swipe(element: HTMLElement, distance: number, { cancel = false } = {}) {
  const pointer = { pointerId: 7, pointerType: 'touch', button: 0 };
  fireEvent.pointerDown(element, { ...pointer, clientX: 200 });
  fireEvent.pointerMove(element, { ...pointer, clientX: 200 + distance / 2 });
  fireEvent.pointerMove(element, { ...pointer, clientX: 200 + distance });
  if (cancel) fireEvent.pointerCancel(element, { ...pointer, clientX: 200 + distance });
  else fireEvent.pointerUp(element, { ...pointer, clientX: 200 + distance });
}

describe('useSwipeDismiss', () => {
  it('dismisses past 20 px, either way', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(20);
    for (const distance of [21, -35]) {
      const onDismiss = vi.fn();
      const { unmount } = render(<Swipeable onDismiss={onDismiss} />);
      swipe(screen.getByTestId('toast'), distance);
      expect(onDismiss).toHaveBeenCalledTimes(1);
      expect(screen.getByTestId('toast').dataset.dismissed).toBe('true');
      unmount();
    }
  });

  it('slides back when let go at 20 px or less', () => {
    const onDismiss = vi.fn();
    render(<Swipeable onDismiss={onDismiss} />);
    const toast = screen.getByTestId('toast');
    fireEvent.pointerDown(toast, { pointerId: 1, clientX: 100 });
    fireEvent.pointerMove(toast, { pointerId: 1, clientX: 118 });
    expect(toast.dataset.offset).toBe('18');
    fireEvent.pointerUp(toast, { pointerId: 1, clientX: 120 });
    expect(onDismiss).not.toHaveBeenCalled();
    expect(toast.dataset.offset).toBe('0');
  });

  it('does nothing on a cancelled gesture or another pointer', () => {
    const onDismiss = vi.fn();
    render(<Swipeable onDismiss={onDismiss} />);
    const toast = screen.getByTestId('toast');
    swipe(toast, 80, { cancel: true });
    fireEvent.pointerDown(toast, { pointerId: 1, clientX: 100 });
    fireEvent.pointerUp(toast, { pointerId: 2, clientX: 200 });
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('leaves a plain click to the button inside', () => {
    const onDismiss = vi.fn();
    const onClick = vi.fn();
    render(<Swipeable onDismiss={onDismiss} />);
    const button = screen.getByRole('button', { name: 'Dismiss' });
    button.addEventListener('click', onClick);
    fireEvent.pointerDown(button, { pointerId: 3, clientX: 50 });
    fireEvent.pointerUp(button, { pointerId: 3, clientX: 51 });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onDismiss).not.toHaveBeenCalled();
  });
});
