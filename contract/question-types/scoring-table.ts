/** The tables of each type's marking (scoring.test.ts, parts-scoring.test.ts): one helper for all. */
import { expect, it } from 'vitest';
import type { AnswerValue } from '../answer-value.ts';
import { create } from '../structs.ts';
import { type AnyQuestion, creditOf, QUESTION_TYPES, sampleAnswer, unitOf } from './registry.ts';

export const common = { id: 'q1', points: 2, text: { en: 'Question' } };
export const options = ['a', 'b', 'c', 'd'].map((id) => ({ id, text: { en: `Option ${id}` } }));

/** A case: its name, the value sent (null: none), the value problem expected, the credit expected. */
export type Row = [string, AnswerValue | null, string | null, number];

export function table(question: AnyQuestion, rows: Row[]) {
  it.each(rows)('%s', (_name, value, problem, credit) => {
    if (value !== null) expect(unitOf(question).valueProblem(question, value)).toBe(problem);
    expect(creditOf(question, value)).toBeCloseTo(credit, 12);
  });
  it('makes sample answers of its shape, as load generators send them', () => {
    const seen = {
      type: question.type,
      ...('options' in question ? { options: question.options } : {}),
      ...('prompts' in question ? { prompts: question.prompts } : {}),
      ...('gaps' in question ? { gaps: question.gaps } : {}),
    };
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      expect(unitOf(question).valueProblem(question, sampleAnswer(seen, random))).toBeNull();
    }
  });
  it('has a question the struct accepts', () => {
    expect(() => create(question, QUESTION_TYPES[question.type].struct as never)).not.toThrow();
  });
}
