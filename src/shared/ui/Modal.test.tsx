import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render.tsx';
import { MODAL_CLOSE_MS, MODAL_CLOSE_REDUCED_MS, Modal, type ModalProps } from './Modal.tsx';

/** A page with the button that opens the modal, as a real page would have it. */
function Harness({ onClose, ...props }: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <p>Page text</p>
      <Modal
        title="Finish the test?"
        subtitle="You answered 3 of 5."
        {...props}
        open={open}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <button type="button">First</button>
        <button type="button">Last</button>
      </Modal>
    </>
  );
}

function openModal(props: Partial<ModalProps> = {}) {
  const onClose = vi.fn();
  renderWithI18n(<Harness onClose={onClose} {...props} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Finish the test?' });
  return { onClose, opener, dialog };
}

const backdrop = () => document.querySelector<HTMLElement>('.modal');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Modal', () => {
  it('is a modal dialog named by its title and described by its subtitle', () => {
    const { dialog } = openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('You answered 3 of 5.').id);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('takes an aria-label when it has no title, and can do without the close button', () => {
    renderWithI18n(
      <Modal open onClose={() => {}} label="Choose a language" closeButton={false}>
        <a href="/pl">Polski</a>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Choose a language' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('moves focus to the first control inside and locks the page scroll', () => {
    openModal();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First' }));
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('keeps Tab and Shift+Tab inside', () => {
    openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes on Escape with a 550 ms animation, content mounted until it ends, focus back on the opener', () => {
    const { onClose, opener } = openModal();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(backdrop()?.classList.contains('modal--closing')).toBe(true);
    expect(document.activeElement).toBe(opener);

    act(() => {
      vi.advanceTimersByTime(MODAL_CLOSE_MS - 1);
    });
    expect(screen.getByText('First')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('First')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on a click of the backdrop, not of the dialog', () => {
    const { onClose, dialog } = openModal();
    fireEvent.mouseDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    const outside = backdrop();
    if (!outside) throw new Error('no backdrop');
    fireEvent.mouseDown(outside);
    fireEvent.click(outside);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes from the close button', () => {
    const { onClose } = openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores Escape, the backdrop and × while it may not be dismissed', () => {
    const { onClose } = openModal({ dismissible: false });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    const outside = backdrop();
    if (!outside) throw new Error('no backdrop');
    fireEvent.mouseDown(outside);
    fireEvent.click(outside);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shortens the close animation for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduced-motion'),
      addEventListener() {},
      removeEventListener() {},
    }));
    openModal();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    act(() => {
      vi.advanceTimersByTime(MODAL_CLOSE_REDUCED_MS);
    });
    expect(screen.queryByText('First')).toBeNull();
  });

  it('uses the preset widths', () => {
    openModal({ size: 'notice' });
    expect(backdrop()?.style.getPropertyValue('--modal-width')).toBe('380px');
  });
});
