import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../../contract/endpoint.ts';
import * as assignments from '../../../contract/endpoints/assignments.ts';
import * as sessions from '../../../contract/endpoints/sessions.ts';
import {
  block,
  focused,
  forgetAttempts,
  ok,
  pressByKeyboard,
  renderInShell,
  serve,
  startedSession,
} from '../../test/taking-fixtures.tsx';
import AssignmentPage from './AssignmentPage.tsx';

const code = 'ABCD2345';
const uuid = '11111111-2222-4333-8444-555555555502';

function assignment(overrides: Record<string, unknown> = {}) {
  return {
    code,
    title: 'Linear equations, class 7B',
    description: '',
    state: 'open',
    duration_seconds: 600,
    question_count: 1,
    opens_at: null,
    closes_at: null,
    attempts: 1,
    access: 'link',
    review: 'score',
    release: 'immediately',
    start: 'window',
    collects_signals: false,
    server_now: Date.now(),
    version: 3,
    ...overrides,
  };
}

/** The server of one assignment: its rules, its start, its lobby (answered by `lobby`), and the test's block. */
function serveAssignment(rules: Record<string, unknown>, lobby: () => Promise<Response> = async () => ok({})) {
  serve({
    [`GET ${pathOf(assignments.publicAssignment, { code })}`]: () => ok(assignment(rules)),
    [`POST ${pathOf(assignments.startAssignment, { code })}`]: () => ok(startedSession(uuid)),
    [`POST ${pathOf(assignments.lobby, { code })}`]: lobby,
    [`GET ${pathOf(sessions.block, { uuid, blockId: 'b1' })}`]: () => ok(block),
  });
}

async function typeName() {
  fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: 'Olena' } });
}

// The running test's view is a module graph of its own (the app loads it ahead); imported once
// here, the page's lazy import finds it in the cache instead of spending the test's time on it.
beforeAll(() => import('../test-taking/TakingView.tsx'), 30_000);
afterEach(forgetAttempts);

describe('the keyboard’s focus when an assignment’s test starts', () => {
  it('goes from Start test, which is gone, to the running test’s heading, never <body>', async () => {
    serveAssignment({});
    renderInShell(`/a/${code}`, <AssignmentPage params={{ code }} />);
    await typeName();
    pressByKeyboard(screen.getByRole('button', { name: 'Start test' }));

    await screen.findByRole('timer', { name: 'Time left' });
    await waitFor(() => expect(focused()).toBe('H1 Linear equations'));
  });

  it('goes from Join to the lobby, and at the tutor’s signal to the running test’s heading', async () => {
    let signal: (response: Response) => void = () => undefined;
    const held = new Promise<Response>((resolve) => {
      signal = resolve;
    });
    serveAssignment({ state: 'lobby', start: 'signal' }, () => held);
    renderInShell(`/a/${code}`, <AssignmentPage params={{ code }} />);
    await typeName();
    pressByKeyboard(screen.getByRole('button', { name: 'Join' }));

    const lobby = await screen.findByRole('status');
    expect(lobby.textContent).toContain('The test starts when your tutor gives the signal.');
    await waitFor(() => expect(document.activeElement).toBe(lobby));

    signal(ok({ state: 'open', server_now: Date.now(), opens_at: null }));
    await screen.findByRole('timer', { name: 'Time left' });
    await waitFor(() => expect(focused()).toBe('H1 Linear equations'));
  });
});
