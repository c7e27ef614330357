import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendInSlices } from './json-in-slices.ts';

const app = Fastify();
const takers = Array.from({ length: 257 }, (_, i) => ({ n: i, name: `Taker "${i}" ✓`, at: i % 3 ? null : i }));
app.get('/many', (_request, reply) => sendInSlices(reply, { state: 'open', takers, cursor: 5 }, 'takers'));
app.get('/none', (_request, reply) => sendInSlices(reply, { state: 'open', takers: [] as unknown[] }, 'takers'));
app.get('/alone', (_request, reply) => sendInSlices(reply, { takers }, 'takers'));
afterAll(() => app.close());

describe('an answer written in slices', () => {
  it('is the same JSON as written at once, whatever the array holds', async () => {
    for (const [url, data] of [
      ['/many', { state: 'open', takers, cursor: 5 }],
      ['/none', { state: 'open', takers: [] }],
      ['/alone', { takers }],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json(), url).toEqual({ data });
    }
  });

  it('lets other work run between its slices', async () => {
    const log: string[] = [];
    let writing = true;
    // Other work: a task queued again at every turn of the event loop.
    const tick = () => {
      log.push('tick');
      if (writing) setImmediate(tick);
    };
    const items = Array.from({ length: 250 }, (_, i) => ({
      toJSON: () => {
        log.push('item');
        return i;
      },
    }));
    const slow = Fastify();
    slow.get('/', (_request, reply) => {
      setImmediate(tick);
      return sendInSlices(reply, { takers: items }, 'takers');
    });
    const res = await slow.inject({ url: '/' });
    writing = false;
    await slow.close();
    expect(res.json().data.takers).toEqual(Array.from({ length: 250 }, (_, i) => i));
    // Items run in slices of 100, other work in between: 100 items, a turn, 100 items, a turn, 50.
    const runs = log
      .join(' ')
      .split('tick')
      .map((part) => part.trim().split(' ').filter(Boolean).length)
      .filter(Boolean);
    expect(runs).toEqual([100, 100, 50]);
  });
});
