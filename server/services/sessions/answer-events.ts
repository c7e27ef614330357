/**
 * What the answer path tells whoever watches it (the metrics): each answer's outcome and each
 * commit's size. The services know nothing of Prometheus; they call these.
 */
export type AnswerOutcome = 'accepted' | 'late' | 'duplicate' | 'refused';

export interface AnswerEvents {
  /** One answer taken: stored in time, stored late (made before the deadline, arrived after), a repeat, or refused. */
  answer(outcome: AnswerOutcome): void;
  /** One commit of the answer writer, holding this many answers. */
  batch(size: number): void;
}

export const NO_ANSWER_EVENTS: AnswerEvents = { answer() {}, batch() {} };
