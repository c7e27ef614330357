/** What the pools and signals browser tests share: a pooled test's draft. */
import type { TestDraft } from '../contract/tutor-tests.ts';

/** Eight questions "Type 11" … "Type 18" (the answer is the number) and one everyone gets, worth 2. */
export function poolDraft(): TestDraft {
  const question = (n: number, points = 1) => ({
    id: `p${n}`,
    type: 'number' as const,
    points,
    text: { en: `Type ${n}` },
    correct_number: n,
    tolerance: 0,
  });
  return {
    title: { en: 'Pooled sums' },
    description: { en: 'Each taker gets four of eight' },
    subject: null,
    specialization: null,
    duration_seconds: 1200,
    languages: ['en'],
    blocks: [
      { id: 'pool', title: { en: 'Pool' }, questions: [11, 12, 13, 14, 15, 16, 17, 18].map((n) => question(n)) },
      { id: 'fixed', title: { en: 'Everyone' }, questions: [question(100, 2)] },
    ],
  };
}
