import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api-client/api-error.ts';
import { notify } from '../notifications/notify.ts';
import { useAction } from './use-action.ts';

vi.mock('../notifications/notify.ts', () => ({ notify: vi.fn() }));
afterEach(() => vi.mocked(notify).mockClear());

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;

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
});
