/**
 * What a test of a page that starts an attempt needs: a stand-in `/v1` server, a session and its
 * block as the server sends them, and the page in the app's frame in little (a <main id="main">
 * under the shell's focus after a move, useFocusOnNavigation, as LocaleShell has it).
 */
import { fireEvent } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { offlineRuntime } from '../features/test-taking/offline/runtime.ts';
import { useFocusOnNavigation } from '../shared/routing/focus-on-navigation.ts';
import { renderWithI18n } from './render.tsx';

type Handler = (request: Request) => Response | Promise<Response>;
export const ok = (data: unknown) => Response.json({ data });
export const fail = (status: number, message: string) => Response.json({ message }, { status });

/** Answers `METHOD /path` by its handler, anything else with a 404. */
export function serve(routes: Record<string, Handler>): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const handler = routes[`${request.method} ${url.pathname}`];
      return handler ? handler(request) : fail(404, `no route ${request.method} ${url.pathname}`);
    }),
  );
}

/** After each test: the real fetch back, and no attempt left on the device for the next test. */
export async function forgetAttempts(): Promise<void> {
  vi.unstubAllGlobals();
  const { db } = offlineRuntime();
  await db.outbox.clear();
  await db.attempts.clear();
  sessionStorage.clear();
}

export const lesson = { id: 1, slug: 'linear', title: 'Linear equations' };
export const blockSummary = { id: 'b1', title: 'Block one', question_count: 1 };
export const block = {
  id: 'b1',
  title: 'Block one',
  questions: [{ id: 'q1', type: 'number', text: 'Half of five?', points: 1 }],
};

/** A running session as the server starts it (no sealed payload: its block is fetched). */
export function startedSession(uuid: string, overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    uuid,
    api_token: 'a'.repeat(43),
    status: 'running',
    role: 'student',
    lesson,
    started_at: now,
    deadline: now + 10 * 60_000,
    duration_seconds: 600,
    server_now: now,
    finished_at: null,
    blocks: [blockSummary],
    answered: [],
    answers: [],
    ...overrides,
  };
}

function Shell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  useFocusOnNavigation(location);
  return (
    <main id="main" tabIndex={-1}>
      {children}
    </main>
  );
}

/** `page` at `path`, in the shell, with a fresh SWR cache. */
export function renderInShell(path: string, page: ReactNode) {
  const location = memoryLocation({ path, record: true });
  renderWithI18n(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, revalidateOnFocus: false }}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Shell>
          <Suspense>{page}</Suspense>
        </Shell>
      </Router>
    </SWRConfig>,
  );
}

/** Presses `control` by keyboard, as one who cannot use a pointer: focused, then Enter. */
export function pressByKeyboard(control: HTMLElement): void {
  control.focus();
  fireEvent.keyDown(control, { key: 'Enter' });
  fireEvent.click(control);
}

/** What has the keyboard's focus, as a person would name it: `H1 Linear equations`, or `BODY`. */
export function focused(): string {
  const active = document.activeElement;
  if (!active || active === document.body) return 'BODY';
  return `${active.tagName} ${active.textContent ?? ''}`.trim();
}
