import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { is } from '../../../../contract/structs.ts';
import { type DraftGap, type DraftQuestion, TestDraft } from '../../../../contract/tutor-tests.ts';
import { renderWithI18n } from '../../../test/render.tsx';
import { draftTitled } from '../../tutor-tests/editor/draft-fixtures.ts';
import { QuestionEditor } from '../../tutor-tests/editor/QuestionEditor.tsx';

/** A bank's Cloze question `{2:NUMERICAL:=4}{1:MULTICHOICE:=a~b}` as its import writes the draft: 1 is no field. */
const imported: DraftQuestion = {
  id: 'q1',
  type: 'gaps',
  points: 3,
  text: { en: 'Fill in.' },
  passage: { en: 'Half of 8 is [[g1]]; a quarter is [[g2]].' },
  gaps: [
    { id: 'g1', kind: 'number', correct_number: 4, tolerance: 0, weight: 2 },
    {
      id: 'g2',
      kind: 'choice',
      options: [
        { id: 'a', text: { en: 'a fourth' } },
        { id: 'b', text: { en: 'a third' } },
      ],
      correct_option: 'a',
    },
  ],
};

/** The question's editor over a draft of one block, keeping each draft it makes, as the test editor does. */
function Editor({ drafts }: { drafts: TestDraft[] }) {
  const [draft, setDraft] = useState<TestDraft>({
    ...draftTitled('Weights'),
    blocks: [{ id: 'b1', title: { en: 'One' }, questions: [imported] }],
  });
  const question = draft.blocks[0]?.questions[0] as DraftQuestion;
  return (
    <QuestionEditor
      draft={draft}
      question={question}
      path="blocks.0.questions.0"
      name="Question 1"
      announce={() => {}}
      onChange={(next) => {
        const changed = { ...draft, blocks: [{ ...(draft.blocks[0] as TestDraft['blocks'][0]), questions: [next] }] };
        drafts.push(changed);
        setDraft(changed);
      }}
    />
  );
}

const weightField = (gap: number) => screen.getByLabelText(`Weight of Gap ${gap} ([[g${gap}]]) of Question 1`);
const gapsOf = (draft: TestDraft | undefined): DraftGap[] => draft?.blocks[0]?.questions[0]?.gaps ?? [];

describe('a gap’s weight in the editor', () => {
  it('shows an imported question’s weights and each gap’s share of its points', () => {
    renderWithI18n(<Editor drafts={[]} />);
    expect(weightField(1)).toHaveProperty('value', '2');
    expect(weightField(2)).toHaveProperty('value', '1');
    // The share is said with the field: the question's 3 points split 2 : 1.
    const share = document.getElementById(weightField(1).getAttribute('aria-describedby') ?? '');
    expect(share?.textContent).toBe('Worth 2 of this question’s 3 points');
    expect(document.getElementById(weightField(2).getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Worth 1 of this question’s 3 points',
    );
  });

  it('saves a weight typed into the draft, and a weight of 1 as none (as an import writes it)', () => {
    const drafts: TestDraft[] = [];
    renderWithI18n(<Editor drafts={drafts} />);
    fireEvent.change(weightField(2), { target: { value: '5' } });
    expect(gapsOf(drafts.at(-1)).map((g) => g.weight)).toEqual([2, 5]);
    expect(is(drafts.at(-1), TestDraft)).toBe(true);
    // 3 points split 2 : 5.
    expect(screen.getByText('Worth 2.14 of this question’s 3 points')).toBeTruthy();

    fireEvent.change(weightField(1), { target: { value: '1' } });
    const [first] = gapsOf(drafts.at(-1));
    expect(first).toEqual({ id: 'g1', kind: 'number', correct_number: 4, tolerance: 0 });
    expect(Object.hasOwn(first as object, 'weight')).toBe(false);
  });

  it('says why a weight out of 1 to 100 is not taken, and saves none of it', () => {
    const drafts: TestDraft[] = [];
    renderWithI18n(<Editor drafts={drafts} />);
    const field = weightField(1);
    for (const typed of ['101', '0', '1.5', '']) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.blur(field);
      expect(field.getAttribute('aria-invalid'), typed).toBe('true');
      expect(drafts, typed).toEqual([]);
    }
    fireEvent.change(field, { target: { value: '101' } });
    fireEvent.blur(field);
    const problem = screen.getByText('Enter a number from 1 to 100.');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(problem.id);
    // A weight that reads is taken, and the problem goes.
    fireEvent.change(field, { target: { value: '4' } });
    expect(gapsOf(drafts.at(-1)).map((g) => g.weight)).toEqual([4, undefined]);
    expect(screen.queryByText('Enter a number from 1 to 100.')).toBeNull();
  });
});
