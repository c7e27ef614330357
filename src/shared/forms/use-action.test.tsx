import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api-client/api-error.ts';
import { notify } from '../notifications/notify.ts';
import { useAction } from './use-action.ts';

vi.mock('../notifications/notify.ts', () => ({ notify: vi.fn() }));
afterEach(() => vi.mocked(notify).mockClear());

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;

/** A button whose action drops the focus (the browser does so for a control disabled or removed). */
function Saver({ removes }: { removes: boolean }) {
  const { run, busy } = useAction();
  const [saved, setSaved] = useState(false);
  const save = () =>
    run(
      async () => {
        (document.activeElement as HTMLElement | null)?.blur();
        if (removes) setSaved(true);
      },
      { focusAfter: () => document.getElementById('saved') },
    );
  return (
    <>
      <h2 id="saved">{saved ? 'Saved' : 'Not saved'}</h2>
      {!saved && (
        <button type="button" disabled={busy} onClick={save}>
          Save
        </button>
      )}
    </>
  );
}

describe('an action', () => {
  it('is busy while it runs, says its success, returns its result and runs `after`', async () => {
    const { result } = renderHook(() => useAction(), { wrapper });
    let finish: (value: number) => void = () => {};
    const after = vi.fn();
    let ran: Promise<number | undefined> = Promise.resolve(undefined);
    act(() => {
      ran = result.current.run(() => new Promise<number>((resolve) => (finish = resolve)), { done: 'Done', after });
    });
    expect(result.current.busy).toBe(true);
    await act(async () => finish(7));
    expect(await ran).toBe(7);
    expect(result.current.busy).toBe(false);
    expect(notify).toHaveBeenCalledWith('Done', { kind: 'success' });
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('says a failure as an error notice, in words, and still runs `after`', async () => {
    const { result } = renderHook(() => useAction(), { wrapper });
    const after = vi.fn();
    let outcome: unknown = 'unset';
    await act(async () => {
      outcome = await result.current.run(
        () => Promise.reject(new ApiError({ kind: 'http', status: 409, message: 'The assignment is closed' })),
        { done: 'Done', after },
      );
    });
    expect(outcome).toBeUndefined();
    expect(notify).toHaveBeenCalledWith('The assignment is closed', { kind: 'error' });
    expect(notify).not.toHaveBeenCalledWith('Done', expect.anything());
    expect(after).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(false);
  });

  const refusal = (errors: Record<string, string[]>) =>
    new ApiError({ kind: 'http', status: 422, message: 'The request body is not valid', fieldErrors: errors });

  it('keeps a refusal’s messages at the fields the form shows, and says nothing more when all are shown', async () => {
    const { result } = renderHook(() => useAction(), { wrapper });
    const shown = new Set(['rules.attempts', 'email']);
    await act(async () => {
      await result.current.run(() => Promise.reject(refusal({ 'rules.attempts': ['1 to 10', 'a whole number'] })), {
        fields: (field) => shown.has(field),
      });
    });
    expect(result.current.fieldMessages).toEqual({ 'rules.attempts': ['1 to 10', 'a whole number'] });
    expect(result.current.fieldErrors).toEqual({ 'rules.attempts': '1 to 10' });
    expect(notify).not.toHaveBeenCalled();
    act(() => result.current.clearField('rules.attempts'));
    expect(result.current.fieldErrors).toEqual({});
  });

  it('says what no field shows: in a notice in its own words, or kept for the form to say', async () => {
    const { result } = renderHook(() => useAction(), { wrapper });
    const mixed = refusal({ email: ['taken'], '': ['closes_at must be after opens_at'] });
    await act(async () => {
      await result.current.run(() => Promise.reject(mixed), {
        fields: (field) => field === 'email',
        failed: (reason) => `An error occurred: ${reason}`,
      });
    });
    expect(result.current.fieldErrors).toEqual({ email: 'taken' });
    expect(notify).toHaveBeenCalledWith('An error occurred: The request body is not valid', { kind: 'error' });
    vi.mocked(notify).mockClear();
    await act(async () => {
      await result.current.run(() => Promise.reject(mixed), { fields: (field) => field === 'email', saidInForm: true });
    });
    expect(result.current.failure).toBe(mixed);
    expect(notify).not.toHaveBeenCalled();
    // A new run starts clean: the last one's failure and messages are gone while it runs and once it succeeds.
    await act(async () => {
      await result.current.run(() => Promise.resolve(1));
    });
    expect(result.current.failure).toBeNull();
    expect(result.current.fieldMessages).toEqual({});
  });

  it('gives the focus back to its button once done, or to `focusAfter` where the button is gone', async () => {
    const first = render(<Saver removes={false} />, { wrapper });
    const button = screen.getByRole('button', { name: 'Save' });
    button.focus();
    fireEvent.click(button);
    expect(document.activeElement).toBe(document.body);
    await waitFor(() => expect(document.activeElement).toBe(button));
    first.unmount();

    render(<Saver removes />, { wrapper });
    screen.getByRole('button', { name: 'Save' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const heading = screen.getByRole('heading', { name: 'Saved' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Reached by script, not added to the Tab order.
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });
});
