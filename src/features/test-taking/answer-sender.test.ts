import { describe, expect, it, vi } from 'vitest';
import type { AnswerReceipt } from '../../../contract/index.ts';
import { createAnswerSender, type PostAnswer } from './answer-sender.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const receipt = (questionId: string): AnswerReceipt => ({
  answer_id: 'x',
  question_id: questionId,
  duplicate: false,
  server_now: 1,
});

describe('createAnswerSender', () => {
  it('sends one question at a time and skips values overtaken while waiting', async () => {
    const first = deferred<AnswerReceipt>();
    const post = vi.fn<PostAnswer>().mockReturnValueOnce(first.promise).mockResolvedValue(receipt('q'));
    const sender = createAnswerSender(post, () => 1_000.4);

    const a = sender.send('q', ['a']);
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    // Two more clicks while the first answer is still on its way.
    const b = sender.send('q', ['a', 'b']);
    const c = sender.send('q', ['a', 'b', 'c']);
    expect(post).toHaveBeenCalledTimes(1);
    first.resolve(receipt('q'));

    expect(await a).toMatchObject({ status: 'saved' });
    expect(await b).toEqual({ status: 'superseded' });
    expect(await c).toMatchObject({ status: 'saved' });
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[1]?.[0]).toMatchObject({ question_id: 'q', value: ['a', 'b', 'c'], answered_at: 1_000 });
    expect(post.mock.calls[0]?.[0].answer_id).not.toBe(post.mock.calls[1]?.[0].answer_id);
  });

  it('sends only the last of values given before anything left', async () => {
    const post = vi.fn<PostAnswer>().mockResolvedValue(receipt('q'));
    const sender = createAnswerSender(post, () => 0);
    const outcomes = [sender.send('q', 'a'), sender.send('q', 'b')];
    expect(await Promise.all(outcomes)).toMatchObject([{ status: 'superseded' }, { status: 'saved' }]);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.[0].value).toBe('b');
  });

  it('keeps questions independent', async () => {
    const post = vi.fn<PostAnswer>().mockImplementation(async (answer) => receipt(answer.question_id));
    const sender = createAnswerSender(post, () => 0);
    const outcomes = await Promise.all([sender.send('q1', 'a'), sender.send('q2', 'b')]);
    expect(outcomes).toMatchObject([{ status: 'saved' }, { status: 'saved' }]);
  });

  it('reports a failure and lets flush wait for everything', async () => {
    const post = vi.fn<PostAnswer>().mockRejectedValue(new Error('offline'));
    const sender = createAnswerSender(post, () => 0);
    const outcome = sender.send('q1', 'x');
    await sender.flush();
    expect(await outcome).toMatchObject({ status: 'failed' });
  });
});
