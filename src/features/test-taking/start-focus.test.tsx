import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '../../../contract/endpoint.ts';
import { lesson as lessonPreview } from '../../../contract/endpoints/catalog.ts';
import * as sessions from '../../../contract/endpoints/sessions.ts';
import {
  block,
  blockSummary,
  fail,
  focused,
  forgetAttempts,
  lesson,
  ok,
  pressByKeyboard,
  renderInShell,
  serve,
  startedSession,
} from '../../test/taking-fixtures.tsx';
import { rememberSession } from './resume/stored-session.ts';
import TestPage from './TestPage.tsx';

const preview = {
  ...lesson,
  audience: 'student',
  description: 'Solve them.',
  duration_seconds: 600,
  question_count: 1,
  max_score: 1,
  subject: { id: 1, slug: 'mathematics', title: 'Mathematics' },
  specialization: { id: 1, slug: 'algebra', title: 'Algebra' },
  blocks: [blockSummary],
  version: 3,
};

const uuid = '11111111-2222-4333-8444-555555555501';
const running = startedSession(uuid);

const renderLesson = () => renderInShell('/test/linear', <TestPage params={{ slug: 'linear' }} />);

// The running test's view is a module graph of its own (the app loads it ahead); imported once
// here, the page's lazy import finds it in the cache instead of spending the test's time on it.
beforeAll(() => import('./TakingView.tsx'), 30_000);
afterEach(forgetAttempts);

describe('the keyboard’s focus when a lesson’s test starts', () => {
  it('goes from Start test, which is gone, to the running test’s heading, never <body>', async () => {
    serve({
      [`GET ${pathOf(lessonPreview, { id: 'linear' })}`]: () => ok(preview),
      [`POST ${pathOf(sessions.start, { id: 'linear' })}`]: () => ok(running),
      [`GET ${pathOf(sessions.block, { uuid, blockId: 'b1' })}`]: () => ok(block),
    });
    renderLesson();
    const start = await screen.findByRole('button', { name: 'Start test' });
    pressByKeyboard(start);

    await screen.findByRole('timer', { name: 'Time left' });
    await waitFor(() => expect(focused()).toBe('H1 Linear equations'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Linear equations' }));
    // Once the questions are there it stays on the heading: they take none of it.
    await screen.findByRole('group', { name: 'Half of five?' });
    expect(focused()).toBe('H1 Linear equations');
  });

  it('goes to the running test’s heading when Try again resumes an attempt the server could not be asked about', async () => {
    rememberSession({ uuid, api_token: running.api_token, slug: 'linear', role: 'student' });
    let reachable = false;
    serve({
      [`GET ${pathOf(lessonPreview, { id: 'linear' })}`]: () => ok(preview),
      [`GET ${pathOf(sessions.session, { uuid })}`]: () =>
        reachable ? ok({ ...running, api_token: undefined }) : fail(503, 'Down for a moment.'),
      [`GET ${pathOf(sessions.block, { uuid, blockId: 'b1' })}`]: () => ok(block),
    });
    renderLesson();
    const again = await screen.findByRole('button', { name: 'Try again' });
    reachable = true;
    pressByKeyboard(again);

    await screen.findByRole('timer', { name: 'Time left' });
    await waitFor(() => expect(focused()).toBe('H1 Linear equations'));
  });
});
