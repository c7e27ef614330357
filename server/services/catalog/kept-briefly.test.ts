import { describe, expect, it } from 'vitest';
import { TestClock } from '../../test/helpers.ts';
import { KeptBriefly } from './kept-briefly.ts';

function counted() {
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      return Promise.resolve(`read ${reads}`);
    },
    get reads() {
      return reads;
    },
  };
}

describe('a read kept briefly', () => {
  it('answers every lookup within its time from one read, then reads again', async () => {
    const clock = new TestClock();
    const kept = new KeptBriefly<string, string>(clock.now, 2_000);
    const source = counted();
    const first = await Promise.all([kept.get('k', source.read), kept.get('k', source.read)]);
    clock.advance(1_999);
    expect([...first, await kept.get('k', source.read)]).toEqual(['read 1', 'read 1', 'read 1']);
    expect(source.reads).toBe(1);
    clock.advance(1);
    expect(await kept.get('k', source.read)).toBe('read 2');
    expect(await kept.get('other', source.read)).toBe('read 3');
  });

  it('shares a read still under way', async () => {
    const kept = new KeptBriefly<string, string>(new TestClock().now);
    let finish: (value: string) => void = () => {};
    let reads = 0;
    const read = () => {
      reads += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const both = Promise.all([kept.get('k', read), kept.get('k', read)]);
    finish('row');
    expect(await both).toEqual(['row', 'row']);
    expect(reads).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const kept = new KeptBriefly<string, string>(new TestClock().now);
    await expect(kept.get('k', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await kept.get('k', () => Promise.resolve('row'))).toBe('row');
  });

  it('reads again when the clock is set back, rather than keeping the read longer', async () => {
    const clock = new TestClock();
    const kept = new KeptBriefly<string, string>(clock.now);
    const source = counted();
    await kept.get('k', source.read);
    clock.advance(-1);
    expect(await kept.get('k', source.read)).toBe('read 2');
  });

  it('keeps a value put as if read at that moment', async () => {
    const clock = new TestClock();
    const kept = new KeptBriefly<string, string>(clock.now, 2_000);
    const source = counted();
    kept.put('k', 'put');
    clock.advance(1_999);
    expect(await kept.get('k', source.read)).toBe('put');
    clock.advance(1);
    expect(await kept.get('k', source.read)).toBe('read 1');
  });

  it('holds at most its number of keys, letting the oldest read go first', async () => {
    const kept = new KeptBriefly<string, string>(new TestClock().now, 2_000, 3);
    const source = counted();
    for (const key of ['a', 'b', 'c', 'd']) await kept.get(key, source.read);
    expect(kept.size).toBe(3);
    expect(await kept.get('b', source.read)).toBe('read 2');
    expect(await kept.get('a', source.read)).toBe('read 5');
  });
});
