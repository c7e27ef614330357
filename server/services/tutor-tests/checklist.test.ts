import { describe, expect, it } from 'vitest';
import type { TestDraft } from '../../../contract/tutor-tests.ts';
import { checkLessonFile } from '../../content/lesson-file-problems.ts';
import { say } from '../../i18n/messages.ts';
import { completeDraft } from '../../routes/tutor/draft-fixture.ts';
import { lessonFileOf } from '../question-banks/lesson-files.ts';
import { draftProblems } from './checklist.ts';

const allOk = () => 'ok' as const;
const said = (draft: TestDraft, formulas: Parameters<typeof draftProblems>[1] = allOk) =>
  draftProblems(draft, formulas).map((p) => [p.field, say(p.said, 'en')]);

type Question = TestDraft['blocks'][number]['questions'][number];
function withQuestions(change: (questions: Question[]) => void): TestDraft {
  const draft = completeDraft();
  change(draft.blocks[0]?.questions as Question[]);
  return draft;
}

describe('the publish checklist', () => {
  it('finds nothing in a complete draft, whose file then passes the operator’s check as it is', () => {
    const draft = completeDraft();
    expect(draftProblems(draft, allOk)).toEqual([]);
    expect(checkLessonFile(lessonFileOf(draft, 'fractions')).problems).toEqual([]);
  });

  it('says the lesson-file check’s rules at the draft’s own field names', () => {
    const draft = withQuestions(([single, multiple]) => {
      if (!single || !multiple) throw new Error('the fixture changed');
      single.correct_option = 'zz';
      multiple.correct_options = ['a', 'a'];
      multiple.id = single.id;
    });
    expect(said(draft)).toEqual([
      ['blocks.0.questions.0.id', 'This id is used twice in the test'],
      ['blocks.0.questions.0.correct_option', 'The correct answer is not one of the options'],
      ['blocks.0.questions.1.id', 'This id is used twice in the test'],
      ['blocks.0.questions.1.correct_options', 'A correct option is listed twice'],
    ]);
  });

  it('uses the editor’s words where the file check’s are about seconds and list sizes', () => {
    const draft = completeDraft();
    draft.duration_seconds = 30;
    draft.blocks.push({ id: 'b2', title: { en: 'More', uk: 'Ще' }, questions: [] });
    const [single, , text] = draft.blocks[0]?.questions ?? [];
    if (!single || !text) throw new Error('the fixture changed');
    single.options = single.options?.slice(0, 1);
    single.points = 0;
    text.accepted = { en: ['half'], uk: ['   '] };
    expect(said(draft)).toEqual([
      ['duration_seconds', 'The duration must be from 1 minute to 6 hours'],
      ['blocks.0.questions.0.options', 'A choice question needs at least 2 options'],
      ['blocks.0.questions.0.points', 'Points must be more than 0'],
      ['blocks.0.questions.2.accepted.uk', 'Give at least one accepted answer'],
      ['blocks.1.questions', 'This block has no questions'],
    ]);
    expect(said({ ...completeDraft(), blocks: [] })).toEqual([['blocks', 'Add at least one block with a question']]);
  });

  it('adds what only a draft can lack: a correct answer chosen, formulas that parse', () => {
    const draft = withQuestions(([single, multiple, , number]) => {
      if (!single || !multiple || !number) throw new Error('the fixture changed');
      single.correct_option = null;
      multiple.correct_options = [];
      number.correct_number = null;
    });
    expect(said(draft, (text) => (text.startsWith('Which equal') ? 'bad' : 'ok'))).toEqual([
      ['blocks.0.questions.0.correct_option', 'Mark the correct answer'],
      ['blocks.0.questions.1.text.en', 'A formula here cannot be read: check its brackets and commands'],
      ['blocks.0.questions.1.correct_options', 'Mark the correct answer'],
      ['blocks.0.questions.3.correct_number', 'Give the correct number'],
    ]);
  });

  it('names each missing language once, from the top of the test down, texts of other languages aside', () => {
    const draft = completeDraft();
    draft.title = { en: 'Fractions', uk: '  ', pl: 'Ułamki' };
    const [question] = draft.blocks[0]?.questions ?? [];
    if (!question) throw new Error('the fixture changed');
    question.explanation = { uk: 'Бо 4 + 4 = 8' };
    question.image = { id: 'a'.repeat(64), alt: { en: 'Eight apples' } };
    const problems = said(draft);
    expect(problems).toEqual([
      ['title.uk', 'The Ukrainian text is missing'],
      ['blocks.0.questions.0.image.alt.uk', 'The Ukrainian text is missing'],
      ['blocks.0.questions.0.explanation.en', 'The English text is missing'],
    ]);
  });
});

describe('the publish checklist of the types with parts', () => {
  const both = (en: string, uk: string) => ({ en, uk });
  const list = (ids: string[]) => ids.map((id) => ({ id, text: both(id, id) }));
  const matching = (): Question => ({
    id: 'q9',
    type: 'matching',
    points: 2,
    text: both('Match', 'Доберіть'),
    prompts: list(['p1', 'p2']),
    options: list(['a', 'b', 'c']),
    matches: { p1: 'a', p2: 'b' },
  });
  const ordering = (): Question => ({
    id: 'q10',
    type: 'ordering',
    points: 1,
    text: both('Order', 'Упорядкуйте'),
    options: list(['a', 'b']),
    marking: 'position',
  });

  it('passes a complete matching and ordering, and names a prompt left without its answer at the draft’s field', () => {
    const draft = withQuestions((questions) => questions.push(matching(), ordering()));
    expect(said(draft)).toEqual([]);
    const open = withQuestions((questions) => questions.push({ ...matching(), matches: { p1: 'a' } }, ordering()));
    expect(said(open)).toEqual([['blocks.0.questions.4.matches', 'Choose the matching answer for every prompt']]);
  });

  it('names too few prompts or items, a prompt’s text missing in a language, and an answer that is not there', () => {
    const draft = withQuestions((questions) =>
      questions.push(
        {
          ...matching(),
          prompts: [{ id: 'p1', text: both('One', '') }, ...list(['p2'])],
          matches: { p1: 'a', p2: 'x' },
        },
        { ...ordering(), options: list(['a']) },
      ),
    );
    expect(said(draft)).toEqual([
      ['blocks.0.questions.4.matches', 'The correct answer is not one of the options'],
      ['blocks.0.questions.4.prompts.0.text.uk', 'The Ukrainian text is missing'],
      ['blocks.0.questions.5.options', 'A choice question needs at least 2 options'],
    ]);
  });
});

describe('the publish checklist of gaps in a text', () => {
  const both = (en: string, uk: string) => ({ en, uk });
  const gapsQuestion = (): Question => ({
    id: 'q9',
    type: 'gaps',
    points: 2,
    text: both('Fill in the gaps', 'Заповніть пропуски'),
    passage: both('Half of 8 is [[g1]], a [[g2]].', 'Половина від 8 — це [[g1]], [[g2]].'),
    gaps: [
      { id: 'g1', kind: 'number', correct_number: 4, tolerance: 0 },
      {
        id: 'g2',
        kind: 'choice',
        options: [
          { id: 'a', text: both('number', 'число') },
          { id: 'b', text: both('letter', 'літера') },
        ],
        correct_option: 'a',
      },
    ],
  });

  it('passes a complete one, and names a missing key, an unmarked gap and a missing language at the draft’s fields', () => {
    expect(said(withQuestions((questions) => questions.push(gapsQuestion())))).toEqual([]);
    const draft = withQuestions((questions) => {
      const q = gapsQuestion();
      q.passage = both('Half of 8 is [[g1]].', '');
      const [number, choice] = q.gaps ?? [];
      if (!number || !choice) throw new Error('the fixture changed');
      number.correct_number = null;
      choice.correct_option = 'z';
      questions.push(q);
    });
    expect(said(draft)).toEqual([
      ['blocks.0.questions.4.gaps.0.correct_number', 'Give the correct number'],
      ['blocks.0.questions.4.gaps.1.correct_option', 'The correct answer is not one of the options'],
      ['blocks.0.questions.4.passage.uk', 'The Ukrainian text is missing'],
      [
        'blocks.0.questions.4.passage.en',
        'Write each gap’s marker, such as [[g1]], exactly once in the text, and no other',
      ],
    ]);
  });
});
