import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QUESTION_TYPE_NAMES } from '../../../../contract/question-types/registry.ts';
import { is } from '../../../../contract/structs.ts';
import { TestDraft } from '../../../../contract/tutor-tests.ts';
import { renderWithI18n } from '../../../test/render.tsx';
import { BlocksEditor } from './BlocksEditor.tsx';
import { draftTitled } from './draft-fixtures.ts';

/** The editor's blocks over a draft of one block with one question, keeping each draft it makes. */
function Blocks({ drafts }: { drafts: TestDraft[] }) {
  const [draft, setDraft] = useState<TestDraft>({
    ...draftTitled('Menu'),
    blocks: [
      {
        id: 'b1',
        title: { en: 'One' },
        questions: [{ id: 'q1', type: 'single', points: 1, text: {}, options: [], correct_option: null }],
      },
    ],
  });
  return (
    <BlocksEditor
      draft={draft}
      announce={() => {}}
      onChange={(next) => {
        drafts.push(next);
        setDraft(next);
      }}
    />
  );
}

const optionsOf = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((option) => [option.value, option.textContent]);

describe('a new question in the editor', () => {
  it('is offered in every type of the registry, named as a question’s own type list names it', () => {
    renderWithI18n(<Blocks drafts={[]} />);
    const menu = screen.getByLabelText('New question in Block 1');
    expect(optionsOf(menu).map(([value]) => value)).toEqual(QUESTION_TYPE_NAMES);
    expect(optionsOf(menu)).toEqual(optionsOf(screen.getByLabelText('Type of Question 1 of block 1')));
    expect(optionsOf(menu).map(([, label]) => label)).toEqual([
      'One correct option',
      'Several correct options',
      'Short text answer',
      'Number',
      'Matching',
      'Ordering',
      'Gaps in a text',
      'Essay (marked by hand)',
    ]);
  });

  it('starts as the type chosen, with that type’s empty draft, a draft the server takes', () => {
    const drafts: TestDraft[] = [];
    renderWithI18n(<Blocks drafts={drafts} />);
    for (const [at, type] of QUESTION_TYPE_NAMES.entries()) {
      fireEvent.change(screen.getByLabelText('New question in Block 1'), { target: { value: type } });
      fireEvent.click(screen.getByRole('button', { name: 'Add the question' }));
      const n = at + 2;
      expect((screen.getByLabelText(`Type of Question ${n} of block 1`) as HTMLSelectElement).value).toBe(type);
      const draft = drafts.at(-1) as TestDraft;
      const added = draft.blocks[0]?.questions[n - 1];
      expect(added).toMatchObject({ id: `q${n}`, type, points: 1, text: {} });
      expect(is(draft, TestDraft)).toBe(true);
    }
    const [, ...added] = (drafts.at(-1) as TestDraft).blocks[0]?.questions ?? [];
    // Each type's own empty fields: what its editing part starts a question with (and switching adds).
    expect(added.map(({ id: _id, type: _type, points: _points, text: _text, ...own }) => own)).toEqual([
      { options: [fresh('a'), fresh('b')], correct_option: null },
      { options: [fresh('a'), fresh('b')], correct_options: [] },
      { accepted: {} },
      { correct_number: null, tolerance: 0 },
      { prompts: [fresh('p1'), fresh('p2')], options: [fresh('a'), fresh('b')], matches: {} },
      { options: [fresh('a'), fresh('b')], marking: 'next' },
      { passage: {}, gaps: [{ id: 'g1', kind: 'text', accepted: {}, case_sensitive: false }] },
      { min_words: null, max_words: null },
    ]);
  });
});

const fresh = (id: string) => ({ id, text: {} });
