import { afterEach, describe, expect, it } from 'vitest';
import { BankReader, type BankReaderOptions } from './bank-reader.ts';

const open: BankReader[] = [];
const reader = (options: BankReaderOptions) => {
  const made = new BankReader(options);
  open.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});

const text = (value: string) => new TextEncoder().encode(value);
/** A GIFT file of a few megabytes: a good many tenths of a second to read. */
const LARGE = text(
  Array.from({ length: 120_000 }, (_, i) => `::Q${i}:: What is ${i}+1? {=${i + 1} ~${i}}`).join('\n\n'),
);
const SMALL = text('::Q:: Two and two? {=4 ~5}');

describe('the bank reader', () => {
  it('stops a file past its time budget and refuses it, then reads the next on a new thread', async () => {
    const banks = reader({ threads: 1, budgetMs: 150 });
    expect(await banks.read(LARGE, 'uk', 'tutor-a')).toEqual({
      refused: { key: 'bankReadTooLong', values: { seconds: '0' } },
    });
    const read = await banks.read(SMALL, 'en', 'tutor-a');
    expect('bank' in read && read.bank.categories[0]?.questions.length).toBe(1);
  });

  it('reads another tutor’s file beside a long one', async () => {
    const banks = reader({ threads: 2, budgetMs: 30_000 });
    const order: string[] = [];
    await Promise.all([
      banks.read(LARGE, 'en', 'tutor-a').then(() => order.push('a')),
      banks.read(SMALL, 'en', 'tutor-b').then(() => order.push('b')),
    ]);
    expect(order).toEqual(['b', 'a']);
  });
});
