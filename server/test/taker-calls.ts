/** The calls a server test makes as a tutor giving a test and as its takers, through `app.inject`. */
import { expect } from 'vitest';
import { type AssignmentRules, PLAINEST_RULES } from '../../contract/assignments.ts';
import type { Callers } from './tutor-callers.ts';

export interface Taker {
  uuid: string;
  api_token: string;
  deadline: number;
}

/** `now`: the time the answers say they were made (the test app's clock). */
export function takerCalls(call: Callers['call'], now: () => number) {
  const assign = async (testId: string, rules: Partial<AssignmentRules> = {}) => {
    const res = await call('tutor', {
      method: 'POST',
      url: '/v1/tutor/assignments',
      payload: { test_id: testId, rules: { ...PLAINEST_RULES, ...rules } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; code: string };
  };

  const startAs = async (code: string, name: string, extra: object = {}): Promise<Taker> => {
    const res = await call(null, {
      method: 'POST',
      url: `/v1/public/assignments/${code}/start`,
      payload: { display_name: name, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };

  const answer = (taker: Taker, items: object[], query = '') =>
    call(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${taker.uuid}/answer?api_token=${taker.api_token}${query}`,
      payload: items.map((item, n) => ({
        answer_id: `${taker.uuid.slice(0, 8)}-0000-4000-8000-${String(n).padStart(12, '0')}`,
        answered_at: now(),
        ...item,
      })),
    });

  const finish = (taker: Taker) =>
    call(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${taker.uuid}/finish?api_token=${taker.api_token}`,
      payload: { reason: 'manual' },
    });

  const results = (taker: Taker, language?: string) =>
    call(null, {
      url: `/v1/public/lessons/online/${taker.uuid}/results?api_token=${taker.api_token}`,
      ...(language ? { language } : {}),
    });

  return { assign, startAs, answer, finish, results };
}
