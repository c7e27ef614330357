/** A finished attempt with an essay written in it, of an assignment of a tutor's essay test: what marking needs. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { PLAINEST_RULES } from '../../contract/assignments.ts';
import type { Locale } from '../../contract/locale.ts';
import { essayDraft } from '../routes/tutor/draft-fixture.ts';

export async function writtenEssayAttempt(
  app: FastifyInstance,
  tutorId: string,
  locale: Locale,
  now: number,
): Promise<{ id: string; session: string }> {
  const test = await app.tutorTests.create(tutorId, locale, essayDraft());
  await app.tutorTests.publish(tutorId, test.id);
  const made = await app.assignments.create(tutorId, locale, { test_id: test.id, rules: PLAINEST_RULES });
  const taker = await app.sessions.starts.assigned(await app.assignmentTakers.admit(made.code, null, 'Di'), locale);
  const written = await app.inject({
    method: 'POST',
    url: `/v1/public/lessons/online/${taker.uuid}/answer`,
    payload: {
      api_token: taker.api_token,
      answer_id: randomUUID(),
      question_id: 'q-essay',
      value: 'Halves.\nQuarters.',
      answered_at: now,
    },
  });
  expect(written.statusCode, written.body).toBe(201);
  const finished = await app.inject({
    method: 'POST',
    url: `/v1/public/lessons/online/${taker.uuid}/finish`,
    payload: { api_token: taker.api_token },
  });
  expect(finished.statusCode, finished.body).toBe(200);
  return { id: made.id, session: taker.uuid };
}
