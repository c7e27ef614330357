import type { TestDraft } from '../../../contract/tutor-tests.ts';

/** A draft ready to publish: English and Ukrainian, one block with a question of each type. */
export function completeDraft(): TestDraft {
  const both = (en: string, uk: string) => ({ en, uk });
  return {
    title: both('Fractions', 'Дроби'),
    description: both('Halves and quarters', 'Половини й чверті'),
    subject: null,
    specialization: null,
    duration_seconds: 600,
    languages: ['en', 'uk'],
    blocks: [
      {
        id: 'b1',
        title: both('Warm-up', 'Розминка'),
        questions: [
          {
            id: 'q1',
            type: 'single',
            points: 1,
            text: both('Half of 8?', 'Половина від 8?'),
            options: [
              { id: 'a', text: both('4', '4') },
              { id: 'b', text: both('2', '2') },
            ],
            correct_option: 'a',
          },
          {
            id: 'q2',
            type: 'multiple',
            points: 2,
            text: both('Which equal \\(\\frac{1}{2}\\)?', 'Які дорівнюють \\(\\frac{1}{2}\\)?'),
            options: [
              { id: 'a', text: both('2/4', '2/4') },
              { id: 'b', text: both('3/6', '3/6') },
              { id: 'c', text: both('1/3', '1/3') },
            ],
            correct_options: ['a', 'b'],
          },
          {
            id: 'q3',
            type: 'text',
            points: 1,
            text: both('One of two equal parts is a …', 'Одна з двох рівних частин — це …'),
            accepted: { en: ['half'], uk: ['половина'] },
          },
          {
            id: 'q4',
            type: 'number',
            points: 1,
            text: both('A quarter of 10?', 'Чверть від 10?'),
            correct_number: 2.5,
            tolerance: 0,
          },
        ],
      },
    ],
  };
}

/** The complete test with an essay (marked by hand) at the end of its first block. */
export function essayDraft(): TestDraft {
  const draft = completeDraft();
  draft.blocks[0]?.questions.push({
    id: 'q-essay',
    type: 'essay',
    points: 3,
    text: { en: 'Explain halves and quarters.', uk: 'Поясніть половини й чверті.' },
    min_words: null,
    max_words: 100,
  });
  return draft;
}
