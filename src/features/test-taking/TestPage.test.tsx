import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { pathOf } from '../../../contract/endpoint.ts';
import { lesson as lessonPreview } from '../../../contract/endpoints/catalog.ts';
import * as sessions from '../../../contract/endpoints/sessions.ts';
import type { AttemptRecord } from '../../../offline-queue/db.ts';
import { entriesOf, queueAnswer } from '../../../offline-queue/outbox.ts';
import { isUpdateBlocked } from '../../shared/pwa/update-guard.ts';
import { renderWithI18n } from '../../test/render.tsx';
import { FINISHED_BY_ROLE_KEY } from './finished-role.ts';
import { offlineRuntime } from './offline/runtime.ts';
import { peekEarlyAttempt, resumeEarly } from './resume/resume-early.ts';
import { readStoredSession, rememberSession } from './resume/stored-session.ts';
import TestPage from './TestPage.tsx';

/** The paths the page calls, from the contract's endpoints. */
const API = {
  lesson: (id: string) => pathOf(lessonPreview, { id }),
  start: (id: string) => pathOf(sessions.start, { id }),
  online: (uuid: string) => pathOf(sessions.session, { uuid }),
  block: (uuid: string, blockId: string) => pathOf(sessions.block, { uuid, blockId }),
  answer: (uuid: string) => pathOf(sessions.answer, { uuid }),
  finish: (uuid: string) => pathOf(sessions.finish, { uuid }),
  payload: (version: number, locale: string) => pathOf(sessions.payload, { version, locale }),
};

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** One part sealed under a fresh key, as the server seals each: AES-256-GCM, tag last. */
async function sealPart(value: unknown) {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  return { part: { iv: base64url(iv), sealed: base64url(sealed) }, key: base64url(raw) };
}

/** The payload as the server seals it (server/services/sessions/sealed-payloads.ts): a frame, and each question apart. */
async function seal(
  blocks: { id: string; title: string; questions: { id: string }[] }[],
  version: number,
  locale: string,
) {
  const frame = await sealPart(
    blocks.map((b) => ({ id: b.id, title: b.title, questions: b.questions.map((q) => q.id) })),
  );
  const questions = await Promise.all(
    blocks.flatMap((b) => b.questions.map(async (q) => [q.id, await sealPart(q)] as const)),
  );
  return {
    payload: {
      version,
      locale,
      frame: frame.part,
      questions: Object.fromEntries(questions.map(([id, q]) => [id, q.part])),
    },
    key: { version, key: frame.key, questions: Object.fromEntries(questions.map(([id, q]) => [id, q.key])) },
  };
}

const uuid = '11111111-2222-4333-8444-555555555555';
const token = 'a'.repeat(43);
const lesson = { id: 1, slug: 'linear', title: 'Linear equations' };

const preview = {
  ...lesson,
  audience: 'student',
  description: 'Solve them.',
  duration_seconds: 900,
  question_count: 2,
  max_score: 3,
  subject: { id: 1, slug: 'mathematics', title: 'Mathematics' },
  specialization: { id: 1, slug: 'algebra', title: 'Algebra' },
  blocks: [{ id: 'b1', title: 'Block one', question_count: 2 }],
  version: 3,
};

const block = {
  id: 'b1',
  title: 'Block one',
  questions: [
    {
      id: 'q1',
      type: 'single',
      text: 'Pick two',
      points: 1,
      options: [
        { id: 'o1', text: 'One' },
        { id: 'o2', text: 'Two' },
      ],
    },
    { id: 'q2', type: 'number', text: 'Half of five?', points: 2 },
  ],
};

function session(overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    uuid,
    status: 'running',
    role: 'student',
    lesson,
    started_at: now - 60_000,
    deadline: now + 10 * 60_000,
    duration_seconds: 900,
    server_now: now,
    finished_at: null,
    blocks: preview.blocks,
    answered: ['q1'],
    answers: [{ question_id: 'q1', value: 'o2', answered_at: now - 1_000 }],
    ...overrides,
  };
}

type Handler = (request: Request) => Response | Promise<Response>;
const ok = (data: unknown) => Response.json({ data });
const fail = (status: number, message: string) => Response.json({ message }, { status });

/** A tiny stand-in for the `/v1` server: `METHOD /path` → handler. */
function serve(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown; search: URLSearchParams }[] = [];
  const fetchMock = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const text = await request.clone().text();
    calls.push({
      method: request.method,
      path: url.pathname,
      body: text ? JSON.parse(text) : null,
      search: url.searchParams,
    });
    const handler = routes[key];
    return handler ? handler(request) : fail(404, `no route ${key}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderTestPage() {
  const location = memoryLocation({ path: '/test/linear', record: true });
  renderWithI18n(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, revalidateOnFocus: false }}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Suspense>
          <Route path="/test/:slug">{(params) => <TestPage params={params} />}</Route>
        </Suspense>
      </Router>
    </SWRConfig>,
  );
  return location;
}

// The running test's view is a module graph of its own that the app loads ahead (the lesson page
// preloads it); here its first import would spend the 1.5 s the first test's deadline gives it on
// transforming files. Imported once first, the lazy import in the page finds it in the cache.
beforeAll(async () => {
  await import('./TakingView.tsx');
}, 30_000);

beforeEach(() => {
  window.location.hash = '';
});
afterEach(async () => {
  vi.unstubAllGlobals();
  const { db } = offlineRuntime();
  await db.outbox.clear();
  await db.attempts.clear();
  sessionStorage.clear();
});

describe('TestPage', () => {
  it('resumes a stored running session with its answers, posts new ones, and finishes at the deadline', async () => {
    rememberSession({ uuid, api_token: token, slug: 'linear', role: 'student' });
    const calls = serve({
      [`GET ${API.lesson('linear')}`]: () => ok(preview),
      [`GET ${API.online(uuid)}`]: () => ok(session({ deadline: Date.now() + 1_500 })),
      [`GET ${API.block(uuid, 'b1')}`]: () => ok(block),
      [`POST ${API.answer(uuid)}`]: async (request) => {
        const items = (await request.json()) as { answer_id: string }[];
        return ok({
          results: items.map((item) => ({ answer_id: item.answer_id, status: 201, duplicate: false })),
          server_now: Date.now(),
        });
      },
      [`POST ${API.finish(uuid)}`]: () =>
        ok({ uuid, status: 'finished', finished_at: Date.now(), finish_reason: 'timeout', server_now: Date.now() }),
    });
    const location = renderTestPage();

    expect(await screen.findByRole('timer', { name: 'Time left' })).toHaveProperty(
      'textContent',
      expect.stringMatching(/^00:0[12]$/),
    );
    expect(await screen.findByRole('radio', { name: 'Two' })).toHaveProperty('checked', true);

    const group = screen.getByRole('group', { name: 'Half of five?' });
    const input = group.querySelector('input');
    if (!input) throw new Error('no input');
    fireEvent.change(input, { target: { value: '2.5' } });
    fireEvent.blur(input);

    await waitFor(() => expect(calls.some((call) => call.path === API.answer(uuid))).toBe(true));
    const answer = calls.find((call) => call.path === API.answer(uuid));
    if (!answer) throw new Error('no answer was posted');
    expect(answer.search.get('api_token')).toBe(token);
    // The batch form: an array, even for one answer.
    expect(answer.body).toMatchObject([{ question_id: 'q2', value: 2.5 }]);
    expect(Number.isInteger((answer.body as { answered_at: number }[])[0]?.answered_at)).toBe(true);
    await waitFor(() => expect(group.textContent).toContain('Answer saved'));

    await waitFor(() => expect(calls.some((call) => call.path === API.finish(uuid))).toBe(true), { timeout: 4_000 });
    expect(calls.find((call) => call.path === API.finish(uuid))?.body).toEqual({ reason: 'timeout' });
    // The timeout notice, then the results.
    const dialog = await screen.findByRole('dialog', { name: 'Time is up' });
    // Queued first, then sent: the notice follows the outbox.
    await waitFor(() => expect(dialog.textContent).toContain('Your answers have been sent.'));
    fireEvent.click(screen.getByRole('button', { name: 'See results' }));
    expect(sessionStorage.getItem(FINISHED_BY_ROLE_KEY)).toBe('student');
    await waitFor(() => expect(location.history.at(-1)).toBe(`/test/${uuid}/results-preview?api_token=${token}`));
  });

  it('forgets a stored session the server no longer knows and offers a fresh start', async () => {
    rememberSession({ uuid, api_token: token, slug: 'linear', role: 'student' });
    const fresh = { ...session({ uuid: '99999999-2222-4333-8444-555555555555', answers: [], answered: [] }) };
    const calls = serve({
      [`GET ${API.lesson('linear')}`]: () => ok(preview),
      [`GET ${API.online(uuid)}`]: () => fail(401, 'Wrong token.'),
      [`POST ${API.start('linear')}`]: () => ok({ ...fresh, api_token: 'b'.repeat(43) }),
      [`GET ${API.block(fresh.uuid, 'b1')}`]: () => ok(block),
    });
    renderTestPage();

    const start = await screen.findByRole('button', { name: 'Start test' });
    await waitFor(() => expect(start).toHaveProperty('disabled', false));
    expect(readStoredSession('linear')).toBeNull();

    fireEvent.click(start);
    expect(await screen.findByRole('timer', { name: 'Time left' })).toBeTruthy();
    expect(calls.find((call) => call.path === API.start('linear'))?.body).toEqual({ role: 'student' });
    expect(readStoredSession('linear')).toEqual({
      uuid: fresh.uuid,
      api_token: 'b'.repeat(43),
      slug: 'linear',
      role: 'student',
    });
  });

  it('says a start the server did not answer in time, and starts on Try again', async () => {
    const fresh = session({ uuid: '99999999-2222-4333-8444-555555555558', answers: [], answered: [] });
    let silent = true;
    serve({
      [`GET ${API.lesson('linear')}`]: () => ok(preview),
      [`POST ${API.start('linear')}`]: (request) => {
        // The start's own time limit ran out: what fetch says when its signal times out.
        expect(request.signal.aborted).toBe(false);
        if (silent) return Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'));
        return ok({ ...fresh, api_token: 'e'.repeat(43) });
      },
      [`GET ${API.block(fresh.uuid, 'b1')}`]: () => ok(block),
    });
    renderTestPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    const said = await screen.findByRole('alert');
    expect(said.textContent).toContain('The server did not answer in time. Check your connection and try again.');
    expect(screen.queryByRole('status', { name: /Starting the test/ })).toBeNull();
    silent = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('timer', { name: 'Time left' })).toBeTruthy();
  });

  it('waits out a server busy starting others (503 with Retry-After) and starts without a word of error', async () => {
    const fresh = session({ uuid: '99999999-2222-4333-8444-555555555559', answers: [], answered: [] });
    let busy = 2;
    const calls = serve({
      [`GET ${API.lesson('linear')}`]: () => ok(preview),
      [`POST ${API.start('linear')}`]: () => {
        if (busy-- > 0)
          return Response.json(
            { message: 'Many tests are starting' },
            { status: 503, headers: { 'retry-after': '0' } },
          );
        return ok({ ...fresh, api_token: 'f'.repeat(43) });
      },
      [`GET ${API.block(fresh.uuid, 'b1')}`]: () => ok(block),
    });
    renderTestPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    expect(await screen.findByRole('timer', { name: 'Time left' }, { timeout: 5_000 })).toBeTruthy();
    expect(calls.filter((call) => call.path === API.start('linear'))).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the questions from the payload fetched on the preview: after Start, no block is fetched', async () => {
    const fresh = session({ uuid: '99999999-2222-4333-8444-555555555556', answers: [], answered: [] });
    const { payload, key } = await seal([block], 3, 'en');
    const calls = serve({
      [`GET ${API.lesson('linear')}`]: () => ok(preview),
      [`GET ${API.payload(3, 'en')}`]: () => ok(payload),
      [`POST ${API.start('linear')}`]: () => ok({ ...fresh, api_token: 'c'.repeat(43), sealed: key }),
    });
    renderTestPage();
    const start = await screen.findByRole('button', { name: 'Start test' });
    // Fetched while the taker reads the rules.
    await waitFor(() => expect(calls.some((call) => call.path === API.payload(3, 'en'))).toBe(true));
    fireEvent.click(start);
    expect(await screen.findByRole('group', { name: 'Pick two' })).toBeTruthy();
    expect(calls.filter((call) => call.path.includes('/blocks/'))).toEqual([]);
  });

  it('fetches the blocks when the kept payload does not open with the key', async () => {
    const fresh = session({ uuid: '99999999-2222-4333-8444-555555555557', answers: [], answered: [] });
    const { payload } = await seal([block], 3, 'en');
    const other = await seal([block], 3, 'en');
    const calls = serve({
      [`GET ${API.lesson('linear')}`]: () => ok(preview),
      [`GET ${API.payload(3, 'en')}`]: () => ok(payload),
      [`POST ${API.start('linear')}`]: () => ok({ ...fresh, api_token: 'd'.repeat(43), sealed: other.key }),
      [`GET ${API.block(fresh.uuid, 'b1')}`]: () => ok(block),
    });
    renderTestPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    expect(await screen.findByRole('group', { name: 'Pick two' })).toBeTruthy();
    expect(calls.filter((call) => call.path.includes('/blocks/')).map((call) => call.path)).toEqual([
      API.block(fresh.uuid, 'b1'),
    ]);
  });

  it('offers the results of a finished attempt', async () => {
    rememberSession({ uuid, api_token: token, slug: 'linear', role: 'student' });
    serve({
      [`GET ${API.lesson('linear')}`]: () => ok(preview),
      [`GET ${API.online(uuid)}`]: () => ok(session({ status: 'finished', finished_at: Date.now() })),
    });
    renderTestPage();

    const link = await screen.findByRole('link', { name: 'See your results' });
    expect(link.getAttribute('href')).toBe(`/test/${uuid}/results-preview?api_token=${token}`);
    expect(screen.getByRole('button', { name: 'Start test' })).toBeTruthy();
  });

  describe('with no connection at all', () => {
    async function keepOnDevice(deadline: number) {
      rememberSession({ uuid, api_token: token, slug: 'linear', role: 'student' });
      const { db } = offlineRuntime();
      const record: AttemptRecord = {
        uuid,
        api_token: token,
        slug: 'linear',
        role: 'student',
        session: session({ deadline }) as AttemptRecord['session'],
        blocks: [block] as AttemptRecord['blocks'],
        blocksLocale: 'en',
        answers: { q1: 'o2' },
        currentBlock: 'b1',
        offsetMs: 0,
        lastServerNow: Date.now() - 5_000,
        phase: 'running',
        finishReason: null,
      };
      await db.attempts.put(record);
      await queueAnswer(db, uuid, 'q2', 2.5, Date.now() - 2_000);
      const calls = serve({});
      vi.stubGlobal(
        'fetch',
        vi.fn(async (request: Request) => {
          calls.push({
            method: request.method,
            path: new URL(request.url).pathname,
            body: null,
            search: new URLSearchParams(),
          });
          throw new TypeError('Failed to fetch');
        }),
      );
      return calls;
    }

    it('resumes from IndexedDB: answers, the waiting outbox and the remaining time', async () => {
      await keepOnDevice(Date.now() + 5 * 60_000);
      renderTestPage();

      expect(await screen.findByRole('radio', { name: 'Two' })).toHaveProperty('checked', true);
      const group = screen.getByRole('group', { name: 'Half of five?' });
      expect(group.querySelector('input')?.value).toBe('2.5');
      await waitFor(() => expect(group.textContent).toContain('Saved on this device'));
      expect(screen.getByTestId('waiting-answers').textContent).toBe('1 answer waiting to be sent');
      expect(screen.getByRole('timer', { name: 'Time left' }).textContent).toMatch(/^0[45]:\d\d$/);
      // A running test with a waiting outbox: no app update may reload this page.
      expect(isUpdateBlocked()).toBe(true);
    });

    it('shows the running test in its first render when the attempt was read before the page rendered', async () => {
      await keepOnDevice(Date.now() + 5 * 60_000);
      // What the app's entry does for a lesson with a remembered session (route-table.tsx).
      await resumeEarly('linear');
      expect(peekEarlyAttempt(uuid)?.result?.uuid).toBe(uuid);
      renderTestPage();

      // No loading state in between: the countdown is in the very first render.
      expect(screen.getByRole('timer', { name: 'Time left' }).textContent).toMatch(/^0[45]:\d\d$/);
      expect(await screen.findByRole('radio', { name: 'Two' })).toHaveProperty('checked', true);
      // Used once: coming back to the page later reads IndexedDB afresh.
      expect(peekEarlyAttempt(uuid)).toBeNull();
    });

    it('finishes a session whose time ran out while the app was closed', async () => {
      await keepOnDevice(Date.now() - 60_000);
      renderTestPage();

      const dialog = await screen.findByRole('dialog', { name: 'Time is up' });
      expect(dialog.textContent).toContain('kept on this device');
      const entries = await entriesOf(offlineRuntime().db, uuid);
      expect(entries.map((entry) => [entry.kind, entry.reason])).toEqual([
        ['answer', null],
        ['finish', 'timeout'],
      ]);
      expect(screen.getByRole('group', { name: 'Pick two' })).toHaveProperty('disabled', true);
    });
  });
});
