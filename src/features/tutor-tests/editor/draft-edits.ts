/**
 * Changes to a draft as pure functions: the editor keeps the draft as one value, and each edit
 * makes the next one (so the autosave always sends a whole, consistent draft).
 */
import type { DraftBlock, DraftQuestion, TestDraft } from '../../../../contract/tutor-tests.ts';
import { freeKey } from '../../../shared/ui/reorder/list-edits.ts';
import { EDITING_PARTS } from '../../question-types/editing.ts';

export { freeKey, moved } from '../../../shared/ui/reorder/list-edits.ts';

export type QuestionKind = DraftQuestion['type'];

const questionKeys = (draft: TestDraft) => draft.blocks.flatMap((b) => b.questions.map((q) => q.id));

export function newQuestion(draft: TestDraft, type: QuestionKind): DraftQuestion {
  return { id: freeKey('q', questionKeys(draft)), type, points: 1, text: {}, ...EDITING_PARTS[type].fresh() };
}

export function newBlock(draft: TestDraft): DraftBlock {
  return {
    id: freeKey(
      'b',
      draft.blocks.map((b) => b.id),
    ),
    title: {},
    questions: [newQuestion(draft, 'single')],
  };
}

/** A question switched to another type keeps what it had; the new type gets what it lacks. */
export function retyped(draft: TestDraft, question: DraftQuestion, type: QuestionKind): DraftQuestion {
  const fresh = newQuestion(draft, type);
  const { id: _id, text: _text, points: _points, type: _type, ...defaults } = fresh;
  const kept = Object.fromEntries(Object.entries(defaults).filter(([key]) => !(key in question)));
  return { ...question, ...kept, type };
}

export function updateBlock(draft: TestDraft, index: number, change: (block: DraftBlock) => DraftBlock): TestDraft {
  return { ...draft, blocks: draft.blocks.map((b, i) => (i === index ? change(b) : b)) };
}

export function updateQuestion(
  draft: TestDraft,
  blockIndex: number,
  questionIndex: number,
  change: (question: DraftQuestion) => DraftQuestion,
): TestDraft {
  return updateBlock(draft, blockIndex, (block) => ({
    ...block,
    questions: block.questions.map((q, i) => (i === questionIndex ? change(q) : q)),
  }));
}
