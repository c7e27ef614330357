import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import { createUpdateGuards } from './update-guard.ts';
import { createUpdateStore } from './update-store.ts';

describe('<UpdatePrompt />', () => {
  it('shows nothing until a new version is offered, then "Update now" applies it', async () => {
    const store = createUpdateStore(createUpdateGuards());
    const apply = vi.fn();
    renderWithI18n(<UpdatePrompt store={store} />);
    expect(screen.queryByText('A new version of Zalik is ready')).toBeNull();

    act(() => store.offer(apply));
    expect(await screen.findByRole('region', { name: 'A new version of Zalik is ready' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Updating Zalik…')).toBeTruthy();
  });

  it('"Later" hides it', async () => {
    const store = createUpdateStore(createUpdateGuards());
    renderWithI18n(<UpdatePrompt store={store} />);
    act(() => store.offer(vi.fn()));
    fireEvent.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version of Zalik is ready')).toBeNull();
  });

  it('says the update will wait for the test while a guard blocks it', async () => {
    const guards = createUpdateGuards();
    const store = createUpdateStore(guards);
    const apply = vi.fn();
    const unregister = guards.register(() => true);
    renderWithI18n(<UpdatePrompt store={store} />);
    act(() => store.offer(apply));
    fireEvent.click(await screen.findByRole('button', { name: 'Update now' }));
    expect(apply).not.toHaveBeenCalled();
    expect(screen.getByText('Zalik will update when your test is over.')).toBeTruthy();
    act(() => unregister());
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
