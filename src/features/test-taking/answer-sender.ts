import type { AnswerReceipt, AnswerValue } from '../../../contract/index.ts';

export type AnswerOutcome =
  | { status: 'saved'; receipt: AnswerReceipt }
  /** A newer answer to the same question came in before this one left; that one reports. */
  | { status: 'superseded' }
  | { status: 'failed'; error: unknown };

export interface AnswerSender {
  send(questionId: string, value: AnswerValue): Promise<AnswerOutcome>;
  /** Resolves when every answer given so far has been sent (or has failed). */
  flush(): Promise<void>;
}

export type PostAnswer = (answer: {
  answer_id: string;
  question_id: string;
  value: AnswerValue;
  answered_at: number;
}) => Promise<AnswerReceipt>;

/**
 * Sends answers one question at a time, in order, and only the newest: ticking three checkboxes
 * quickly sends at most two requests, and the server can never see an older value last.
 * `answeredAt` is read when the taker answers, not when the request leaves.
 */
export function createAnswerSender(post: PostAnswer, answeredAt: () => number): AnswerSender {
  const versions = new Map<string, number>();
  const queues = new Map<string, Promise<unknown>>();

  return {
    send(questionId, value) {
      const version = (versions.get(questionId) ?? 0) + 1;
      versions.set(questionId, version);
      const answer = {
        answer_id: crypto.randomUUID(),
        question_id: questionId,
        value,
        answered_at: Math.round(answeredAt()),
      };
      const previous = queues.get(questionId) ?? Promise.resolve();
      const run = previous.then(async (): Promise<AnswerOutcome> => {
        if (versions.get(questionId) !== version) return { status: 'superseded' };
        try {
          return { status: 'saved', receipt: await post(answer) };
        } catch (error) {
          return { status: 'failed', error };
        }
      });
      queues.set(questionId, run);
      return run;
    },
    async flush() {
      await Promise.all(queues.values());
    },
  };
}
