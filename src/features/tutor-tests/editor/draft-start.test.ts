import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../api-client/api-error.ts';
import type { TestDraft } from '../../../../contract/tutor-tests.ts';
import { draftTitled, testAt } from './draft-fixtures.ts';
import { decideStart } from './draft-start.ts';
import { latestWins, localDrafts, openDraftsDb } from './local-drafts.ts';

const draft = draftTitled;
const test = testAt;

const local = (revision: number, edits: TestDraft | null) => ({
  key: `u1:${test(revision).id}`,
  user: 'u1',
  test: test(revision).id,
  confirmed: test(revision, 'Kept'),
  edits,
  edited_at: 1,
});

const offline = new ApiError({ kind: 'network', status: 0, message: 'No answer' });

describe('where the editor starts', () => {
  it('sends edits kept on this device that were made from the revision the server has', () => {
    expect(decideStart('u1', { test: test(3) }, local(3, draft('Mine')))).toMatchObject({
      edits: draft('Mine'),
      conflict: false,
      offline: false,
    });
  });

  it('calls it a conflict when the server has a newer revision than the edits were made from', () => {
    expect(decideStart('u1', { test: test(5) }, local(3, draft('Mine')))).toMatchObject({
      confirmed: { revision: 5 },
      edits: draft('Mine'),
      conflict: true,
    });
  });

  it('starts from the server when nothing waits here, or what waits equals the server', () => {
    expect(decideStart('u1', { test: test(3) }, null)).toMatchObject({ edits: null, conflict: false });
    expect(decideStart('u1', { test: test(4) }, local(3, draft('Server')))).toMatchObject({
      edits: null,
      conflict: false,
    });
  });

  it('works from this device with no connection, and gives the error when there is no copy', () => {
    expect(decideStart('u1', { error: offline }, local(3, draft('Mine')))).toMatchObject({
      confirmed: { revision: 3, title: 'Kept' },
      edits: draft('Mine'),
      offline: true,
    });
    expect(decideStart('u1', { error: offline }, null)).toEqual({ error: offline });
    const notFound = new ApiError({ kind: 'http', status: 404, message: 'Not found' });
    expect(decideStart('u1', { error: notFound }, local(3, null))).toEqual({ error: notFound });
  });
});

describe('drafts on this device', () => {
  it('keeps each account its own copy and writes the newest of fast edits last', async () => {
    const drafts = localDrafts(openDraftsDb(`drafts-${Math.random()}`));
    const writes: string[] = [];
    const queue = latestWins(async (edits: TestDraft | null) => {
      writes.push(edits?.title.en ?? 'none');
      await drafts.write('u1', test(3), edits);
    });
    for (const title of ['a', 'ab', 'abc', 'abcd']) queue.push(draft(title));
    await queue.settled();
    // The first is written at once; of those typed meanwhile only the newest.
    expect(writes).toEqual(['a', 'abcd']);
    expect((await drafts.read('u1', test(3).id))?.edits?.title.en).toBe('abcd');
    expect(await drafts.read('u2', test(3).id)).toBeNull();
    queue.push(null);
    await queue.settled();
    expect((await drafts.read('u1', test(3).id))?.edits).toBeNull();
  });
});
