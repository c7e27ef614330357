import { afterEach, describe, expect, it } from 'vitest';
import { ThreadPool, type ThreadPoolOptions } from './thread-pool.ts';

const WORKER = new URL('../../test/fixtures/busy-worker.mjs', import.meta.url);
type Input = { tag: string; spinMs: number; fail?: boolean };

const open: ThreadPool<Input, string>[] = [];
const pool = (options: ThreadPoolOptions) => {
  const made = new ThreadPool<Input, string>(WORKER, options);
  open.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});

describe('the thread pool', () => {
  it('ends a job past its budget and replaces its thread, which takes the next job', async () => {
    const threads = pool({ threads: 1, budgetMs: 200 });
    const [slow, next] = await Promise.all([
      threads.run({ tag: 'slow', spinMs: 60_000 }),
      threads.run({ tag: 'next', spinMs: 0 }),
    ]);
    expect(slow).toEqual({ failed: 'overrun' });
    expect(next).toEqual({ value: 'next' });
    expect(threads.busy).toBe(0);
  });

  it('says a job that threw failed, with its message, and goes on', async () => {
    const threads = pool({ threads: 1, budgetMs: 5_000 });
    expect(await threads.run({ tag: 'a', spinMs: 0, fail: true })).toEqual({ failed: 'error', message: 'failed a' });
    expect(await threads.run({ tag: 'b', spinMs: 0 })).toEqual({ value: 'b' });
  });

  it('gives a free thread to a lane with nothing running before a busy lane’s second job', async () => {
    const threads = pool({ threads: 1, budgetMs: 5_000 });
    const finished: string[] = [];
    const run = (tag: string, lane: string, spinMs: number) =>
      threads.run({ tag, spinMs }, { lane }).then((outcome) => {
        finished.push(tag);
        return outcome;
      });
    // One tutor's three files, then another's one: the other's comes second, not fourth.
    await Promise.all([run('a1', 'a', 300), run('a2', 'a', 50), run('a3', 'a', 50), run('b1', 'b', 0)]);
    expect(finished).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('reads two lanes at once with two threads', async () => {
    const threads = pool({ threads: 2, budgetMs: 5_000 });
    const finished: string[] = [];
    const run = (tag: string, lane: string, spinMs: number) =>
      threads.run({ tag, spinMs }, { lane }).then(() => finished.push(tag));
    await Promise.all([run('a-long', 'a', 1_500), run('b-short', 'b', 0)]);
    expect(finished).toEqual(['b-short', 'a-long']);
  });

  it('fails what waits past its deadline, and everything once closed', async () => {
    const threads = pool({ threads: 1, budgetMs: 5_000 });
    const first = threads.run({ tag: 'first', spinMs: 300 });
    const late = threads.run({ tag: 'late', spinMs: 0 }, { deadline: Date.now() + 50 });
    expect(await first).toEqual({ value: 'first' });
    expect(await late).toEqual({ failed: 'expired' });
    await threads.close();
    expect(await threads.run({ tag: 'after', spinMs: 0 })).toEqual({ failed: 'closed' });
  });
});
