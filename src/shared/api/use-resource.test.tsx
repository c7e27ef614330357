import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RESOURCE_FRESH_MS, useResource } from './use-resource.ts';

function Show({ id, fetcher }: { id: string; fetcher: () => Promise<string> }) {
  const { data, error, isLoading, mutate } = useResource(['thing', id], fetcher);
  return (
    <p>
      {isLoading ? 'loading' : 'ready'}|{data ?? '-'}|{error ? String(error) : '-'}
      <button type="button" onClick={() => void mutate()}>
        again
      </button>
    </p>
  );
}

const flush = () => act(async () => {});

describe('useResource', () => {
  it('makes one request for several components asking for the same key', async () => {
    const fetcher = vi.fn(async () => 'answer');
    render(
      <>
        <Show id="a" fetcher={fetcher} />
        <Show id="a" fetcher={fetcher} />
      </>,
    );
    await flush();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText(/ready\|answer\|-/)).toHaveLength(2);
  });

  it('shows the error and fetches again only when asked', async () => {
    let fail = true;
    const fetcher = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return 'back';
    });
    render(<Show id="b" fetcher={fetcher} />);
    await flush();
    expect(screen.getByText(/ready\|-\|Error: offline/)).toBeTruthy();
    await flush();
    expect(fetcher).toHaveBeenCalledTimes(1);
    fail = false;
    await act(async () => screen.getByRole('button').click());
    expect(screen.getByText(/ready\|back\|-/)).toBeTruthy();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('keeps the last data on screen while another key loads', async () => {
    let release: (value: string) => void = () => {};
    const first = vi.fn(async () => 'english');
    const second = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const { rerender } = render(<Show id="en" fetcher={first} />);
    await flush();
    rerender(<Show id="uk" fetcher={second} />);
    await flush();
    expect(screen.getByText(/loading\|english\|-/)).toBeTruthy();
    await act(async () => release('українська'));
    expect(screen.getByText(/ready\|українська\|-/)).toBeTruthy();
  });

  it('fetches again in the background when mounted after the data got old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const fetcher = vi.fn(async () => `v${fetcher.mock.calls.length}`);
      const first = render(<Show id="c" fetcher={fetcher} />);
      await flush();
      first.unmount();
      render(<Show id="c" fetcher={fetcher} />);
      await flush();
      expect(fetcher).toHaveBeenCalledTimes(1);
      expect(screen.getByText(/ready\|v1\|-/)).toBeTruthy();
      vi.setSystemTime(Date.now() + RESOURCE_FRESH_MS + 1);
      render(<Show id="c" fetcher={fetcher} />);
      await flush();
      expect(fetcher).toHaveBeenCalledTimes(2);
      expect(screen.getAllByText(/ready\|v2\|-/)).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
