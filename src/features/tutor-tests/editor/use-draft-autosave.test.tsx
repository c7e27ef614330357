import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestDraft, TutorTest } from '../../../../contract/tutor-tests.ts';
import { draftTitled, FIXTURE_TEST_ID, testAt } from './draft-fixtures.ts';
import { localDrafts } from './local-drafts.ts';
import { AUTOSAVE_DELAY_MS, useDraftAutosave } from './use-draft-autosave.ts';

const draft = draftTitled;
const test = testAt;
const ID = FIXTURE_TEST_ID;

const { draft: _draft, ...summaryOf } = test(0, '');
const summary = (revision: number, title: string) => ({ ...summaryOf, revision, title });

/** The server as the autosave meets it: each PUT answered by `reply`, the test read back as `server`. */
let reply: (revision: number, sent: TestDraft) => Response | Promise<Response>;
let server: TutorTest;
const puts: { revision: number; title: string | undefined }[] = [];

beforeEach(() => {
  puts.length = 0;
  server = test(1, 'Server');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (request.method === 'PUT') {
        const body = (await request.clone().json()) as { revision: number; draft: TestDraft };
        puts.push({ revision: body.revision, title: body.draft.title.en });
        return reply(body.revision, body.draft);
      }
      return Response.json({ data: server });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const start = (confirmed: TutorTest) =>
  renderHook(() => useDraftAutosave({ user: 'u1', confirmed, edits: null, conflict: false, offline: false }));

describe('the draft autosave', () => {
  it('saves the edits once typing pauses, from the revision confirmed, and says so', async () => {
    reply = (revision, sent) => Response.json({ data: summary(revision + 1, sent.title.en ?? '') });
    const { result } = start(test(1, 'Start'));
    vi.useFakeTimers();
    act(() => result.current.setDraft(draft('One')));
    act(() => result.current.setDraft(draft('One two')));
    expect(result.current.state).toBe('pending');
    expect(puts).toEqual([]);
    await act(async () => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10));
    vi.useRealTimers();
    await waitFor(() => expect(result.current.state).toBe('saved'));
    expect(puts).toEqual([{ revision: 1, title: 'One two' }]);
    expect(result.current.summary.revision).toBe(2);
    expect((await localDrafts().read('u1', ID))?.edits).toBeNull();
  });

  it('stops at a conflict (saved elsewhere) and saves nothing more until the tutor chooses', async () => {
    reply = () => Response.json({ message: 'This draft was saved elsewhere meanwhile' }, { status: 409 });
    const { result } = start(test(1, 'Start'));
    act(() => result.current.setDraft(draft('Mine')));
    await act(async () => result.current.flush());
    expect(result.current.state).toBe('conflict');
    act(() => result.current.setDraft(draft('Mine again')));
    await act(async () => result.current.flush());
    expect(puts).toEqual([{ revision: 1, title: 'Mine' }]);
    // Keeping mine: saved over the version saved elsewhere, from its revision.
    server = test(5, 'Theirs');
    reply = (revision, sent) => Response.json({ data: summary(revision + 1, sent.title.en ?? '') });
    await act(async () => result.current.keepMine());
    expect(puts.at(-1)).toEqual({ revision: 5, title: 'Mine again' });
    expect(result.current.state).toBe('saved');
  });

  it('takes theirs after a conflict: the version saved elsewhere replaces the edits here', async () => {
    reply = () => Response.json({ message: 'This draft was saved elsewhere meanwhile' }, { status: 409 });
    const { result } = start(test(1, 'Start'));
    act(() => result.current.setDraft(draft('Mine')));
    await act(async () => result.current.flush());
    server = test(7, 'Theirs');
    await act(async () => result.current.takeTheirs());
    expect(result.current.draft.title.en).toBe('Theirs');
    expect(result.current.state).toBe('saved');
    expect((await localDrafts().read('u1', ID))?.confirmed.revision).toBe(7);
  });

  it('keeps the edits on this device when the server cannot be reached, and sends them once it is back', async () => {
    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    const { result } = start(test(1, 'Start'));
    act(() => result.current.setDraft(draft('Offline edit')));
    await act(async () => result.current.flush());
    expect(result.current.state).toBe('offline');
    await waitFor(async () => expect((await localDrafts().read('u1', ID))?.edits?.title.en).toBe('Offline edit'));
    reply = (revision, sent) => Response.json({ data: summary(revision + 1, sent.title.en ?? '') });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.state).toBe('saved'));
    expect(puts.at(-1)).toEqual({ revision: 1, title: 'Offline edit' });
  });
});
