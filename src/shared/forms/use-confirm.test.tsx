import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../test/render.tsx';
import { useConfirm } from './use-confirm.tsx';

function Page() {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={async () =>
          setAnswer(String(await confirm({ title: 'Delete the draft?', confirmLabel: 'Delete the draft' })))
        }
      >
        Delete
      </button>
      <output>{answer}</output>
      {dialog}
    </>
  );
}

describe('a confirmation', () => {
  it('asks in the app’s dialog, starting on the safe choice, and answers true once confirmed', async () => {
    renderWithI18n(<Page />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete the draft?' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete the draft' })));
    expect(await screen.findByText('true')).toBeTruthy();
  });

  it('answers false on Escape or Cancel, and gives focus back to what opened it', async () => {
    renderWithI18n(<Page />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete the draft?' });
    await act(async () => fireEvent.keyDown(dialog, { key: 'Escape' }));
    expect(await screen.findByText('false')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(opener), { timeout: 2000 });
    fireEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Delete the draft?' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(await screen.findByText('false')).toBeTruthy();
  });
});
