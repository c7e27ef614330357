import { describe, expect, it } from 'vitest';
import { LESSON_LIMITS } from '../../../contract/content.ts';
import { TestDraft } from '../../../contract/tutor-tests.ts';
import { validateSafely } from '../../http-error.ts';
import { say } from '../../i18n/messages.ts';
import { TINY_PNG } from '../../test/images.ts';
import { type Bank, BankBuilder, type BankQuestion } from './bank.ts';
import { bankDraft } from './bank-draft.ts';

const question = (over: Partial<BankQuestion> = {}): BankQuestion => ({
  where: 'line 1',
  name: 'Q',
  text: 'Half of 8?',
  points: 1,
  answer: { type: 'single', options: [{ text: '4' }, { text: '2' }], correct: [0] },
  ...over,
});

function bankWith(...questions: BankQuestion[]): Bank {
  const bank = new BankBuilder('gift');
  for (const q of questions) bank.add(q);
  return bank.bank;
}

function made(bank: Bank) {
  const result = bankDraft(bank, 'ru', 'Банк');
  if ('key' in result) throw new Error(`refused: ${result.key}`);
  // Whatever a bank holds, the draft is one the draft contract takes.
  const [error] = validateSafely(result.draft, TestDraft);
  expect(error?.failures() ?? []).toEqual([]);
  return result;
}

const said = (list: Bank['notes']) => list.map((r) => say(r.said, 'en'));

describe('a bank as a draft', () => {
  it('gives Zalik’s own ids, one language, the file’s name as the title and its category as a block', () => {
    const bank = new BankBuilder('gift');
    bank.category('Halves');
    bank.add(question());
    bank.add(question({ answer: { type: 'text', accepted: ['half', ' half ', 'a\thalf'] } }));
    const { draft, imported } = made(bank.bank);
    expect(imported).toBe(2);
    expect(draft).toMatchObject({ title: { ru: 'Банк' }, languages: ['ru'], description: {} });
    expect(draft.blocks).toEqual([
      {
        id: 'b1',
        title: { ru: 'Halves' },
        questions: [
          {
            id: 'q1',
            type: 'single',
            points: 1,
            text: { ru: 'Half of 8?' },
            options: [
              { id: 'a', text: { ru: '4' } },
              { id: 'b', text: { ru: '2' } },
            ],
            correct_option: 'a',
          },
          { id: 'q2', type: 'text', points: 1, text: { ru: 'Half of 8?' }, accepted: { ru: ['half', 'a half'] } },
        ],
      },
    ]);
  });

  it('shortens, caps and leaves out what a draft cannot hold, and says so', () => {
    const long = 'x'.repeat(LESSON_LIMITS.textLength + 5);
    const options = Array.from({ length: LESSON_LIMITS.options + 1 }, (_, i) => ({ text: String(i) }));
    const result = made(
      bankWith(
        question({ name: 'long', text: long, points: 250 }),
        question({ name: 'wide', answer: { type: 'multiple', options, correct: [0] } }),
        question({ name: 'pictures', image: { name: 'gone.png', bytes: null, alt: 'gone' } }),
        question({ name: 'not a picture', image: { name: 'a.txt', bytes: new TextEncoder().encode('text'), alt: '' } }),
        question({ name: 'a picture', image: { name: 'dot.png', bytes: TINY_PNG, alt: '' } }),
      ),
    );
    expect(result.imported).toBe(4);
    expect(result.draft.blocks[0]?.questions[0]?.text.ru).toHaveLength(LESSON_LIMITS.textLength);
    expect(result.draft.blocks[0]?.questions[0]?.points).toBe(LESSON_LIMITS.maxPoints);
    expect(said(result.skipped)).toEqual([`Skipped: it has more than ${LESSON_LIMITS.options} options`]);
    expect(result.notes.map((n) => n.name)).toEqual(['long', 'long', 'pictures', 'not a picture']);
    expect(said(result.notes)).toEqual([
      `Its points were lowered to ${LESSON_LIMITS.maxPoints}, the most a question may have`,
      `A text longer than ${LESSON_LIMITS.textLength} characters was shortened`,
      'The picture gone.png is not in the file and was left out',
      'This is not a PNG, JPEG, WebP or AVIF image, whatever its name says',
    ]);
    // A picture without a description is kept: the publish checklist asks for one.
    const pictured = result.draft.blocks[0]?.questions[3];
    expect(pictured?.image).toEqual({ id: expect.stringMatching(/^[0-9a-f]{64}$/), alt: {} });
    expect([...result.embedded.keys()]).toEqual([pictured?.image?.id]);
  });

  it('refuses a bank with nothing to import, or more than one test holds', () => {
    expect(bankDraft(new BankBuilder('aiken').bank, 'en', 'x')).toEqual({ key: 'bankHasNoQuestions' });
    const many = bankWith(...Array.from({ length: LESSON_LIMITS.questions + 1 }, () => question()));
    expect(bankDraft(many, 'en', 'x')).toEqual({ key: 'tooManyQuestions', values: { limit: LESSON_LIMITS.questions } });
    const categories = new BankBuilder('gift');
    for (let i = 0; i <= LESSON_LIMITS.blocks; i++) {
      categories.category(`c${i}`);
      categories.add(question());
    }
    expect(bankDraft(categories.bank, 'en', 'x')).toMatchObject({ key: 'bankTooManyCategories' });
  });
});
