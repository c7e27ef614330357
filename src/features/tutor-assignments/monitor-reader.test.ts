import { describe, expect, it } from 'vitest';
import { type AssignmentMonitor, type MonitorTaker, mergeMonitor } from '../../../contract/assignments.ts';
import { MONITOR_FULL_EVERY_MS, monitorReader } from './monitor-reader.ts';

const taker = (name: string, n: number, changes: Partial<MonitorTaker> = {}): MonitorTaker => ({
  session: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
  status: 'running',
  answered: 0,
  question_count: 5,
  started_at: 1_000 + n,
  deadline: 100_000,
  signals: null,
  finished_at: null,
  last_contact_at: 1_000 + n,
  offline: false,
  unsent_at_last_contact: null,
  ...changes,
});

const answer = (full: boolean, takers: MonitorTaker[], serverNow: number): AssignmentMonitor => ({
  state: 'open',
  server_now: serverNow,
  waiting: [],
  full,
  takers,
  cursor: serverNow - 2_000,
});

const byLocale = new Intl.Collator('uk').compare;

describe('the monitor read a little at a time', () => {
  it('asks for everyone first, then only since the last cursor, and merges what comes', async () => {
    let clock = 0;
    const asked: (number | undefined)[] = [];
    const answers = [
      answer(true, [taker('Богдан', 1), taker('анна', 2)], 10_000),
      answer(false, [taker('анна', 2, { answered: 3, last_contact_at: 11_000 })], 11_500),
    ];
    const read = monitorReader(
      async (since) => {
        asked.push(since);
        return answers.shift() as AssignmentMonitor;
      },
      byLocale,
      () => clock,
    );
    const first = await read();
    // By name as the language sorts them, whatever the case.
    expect(first.takers.map((k) => k.name)).toEqual(['анна', 'Богдан']);
    clock += 1_500;
    const second = await read();
    expect(asked).toEqual([undefined, 8_000]);
    expect(second.takers.map((k) => [k.name, k.answered])).toEqual([
      ['анна', 3],
      ['Богдан', 0],
    ]);
  });

  it('keeps what it holds and its cursor when a read fails, and asks for everyone again after a while', async () => {
    let clock = 0;
    const asked: (number | undefined)[] = [];
    let fail = false;
    const read = monitorReader(
      async (since) => {
        asked.push(since);
        if (fail) throw new Error('offline');
        return answer(since === undefined, [taker('Ann', 1)], 10_000 + clock);
      },
      byLocale,
      () => clock,
    );
    await read();
    clock += 1_500;
    fail = true;
    await expect(read()).rejects.toThrow('offline');
    clock += 1_500;
    fail = false;
    await read();
    clock = MONITOR_FULL_EVERY_MS;
    await read();
    expect(asked).toEqual([undefined, 8_000, 8_000, undefined]);
  });

  it('judges who is offline on the latest answer’s clock, for takers a partial answer left out', () => {
    const held = mergeMonitor(undefined, answer(true, [taker('Ann', 1), taker('Bo', 2)], 10_000));
    expect(held.takers.map((k) => k.offline)).toEqual([false, false]);
    const later = mergeMonitor(held, answer(false, [taker('Bo', 2, { last_contact_at: 40_000 })], 41_000));
    expect(later.takers.map((k) => [k.name, k.offline])).toEqual([
      ['Ann', true],
      ['Bo', false],
    ]);
    const finished = mergeMonitor(later, answer(false, [taker('Ann', 1, { status: 'finished' })], 42_000));
    expect(finished.takers.map((k) => k.offline)).toEqual([false, false]);
  });
});
