import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAINEST_RULES } from '../../../contract/assignments.ts';
import type { DraftQuestion, TestDraft } from '../../../contract/tutor-tests.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';

let t: TestApp;
let callers: Callers;
const call: Callers['call'] = (who, options) => callers.call(who, options);

/** A number question whose answer is its own number, worth `points`. */
const numberQuestion = (n: number, points = 1): DraftQuestion => ({
  id: `p${n}`,
  type: 'number',
  points,
  text: { en: `Type ${n}` },
  correct_number: n,
  tolerance: 0,
});

/** A pool of six (each taker gets three) and a block everyone gets. */
function pooledDraft(pool = 6, count = 3): TestDraft {
  return {
    title: { en: 'Pooled' },
    description: { en: 'Each taker gets their own three' },
    subject: null,
    specialization: null,
    duration_seconds: 600,
    languages: ['en'],
    blocks: [
      {
        id: 'pool',
        title: { en: 'Pool' },
        questions: Array.from({ length: pool }, (_, i) => numberQuestion(i + 1)),
        draw: { count, by_points: false },
      },
      { id: 'fixed', title: { en: 'Everyone' }, questions: [numberQuestion(100, 2)] },
    ],
  };
}

interface Taker {
  uuid: string;
  api_token: string;
}

const session = (k: Taker, path = '') => `/v1/public/lessons/online/${k.uuid}${path}?api_token=${k.api_token}`;
const answer = (k: Taker, values: [string, number][], from = 0) =>
  call(null, {
    method: 'POST',
    url: session(k, '/answer'),
    payload: values.map(([question_id, value], n) => ({
      answer_id: `${k.uuid.slice(0, 8)}-0000-4000-8000-${String(from + n).padStart(12, '0')}`,
      question_id,
      value,
      answered_at: t.clock.value,
    })),
  });

/** The questions a taker's device is told it is asked, from the key's order. */
async function askedOf(k: Taker): Promise<string[]> {
  const state = (await call(null, { url: session(k) })).json().data;
  return state.sealed.order.flatMap((o: { questions: string[] }) => o.questions);
}

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`question pools on ${dialectName}`, () => {
  it('refuses to publish a pool that cannot draw what it says, at its field', async () => {
    const tutorId = callers.users.tutor.id;
    const draft = pooledDraft(6, 7);
    const made = await t.app.tutorTests.create(tutorId, 'en', draft);
    const problems = (await call('tutor', { url: `/v1/tutor/tests/${made.id}/checklist` })).json().data.problems;
    expect(problems).toEqual([
      { field: 'blocks.0.draw.count', message: 'A pool cannot draw 7 of 6 questions: draw at most 6' },
    ]);
    const byPoints = pooledDraft(6, 4);
    (byPoints.blocks[0] as TestDraft['blocks'][number]).draw = { count: 4, by_points: true };
    (byPoints.blocks[0]?.questions[0] as DraftQuestion).points = 2;
    const uneven = await t.app.tutorTests.create(tutorId, 'en', byPoints);
    const said = (await call('tutor', { url: `/v1/tutor/tests/${uneven.id}/checklist` })).json().data.problems;
    expect(said.map((p: { field: string }) => p.field)).toEqual(['blocks.0.draw.count']);
  });

  it('asks each taker their own drawn questions, scores only those, and keeps the draw through a re-scoring', async () => {
    const tutorId = callers.users.tutor.id;
    const test = await t.app.tutorTests.create(tutorId, 'en', pooledDraft());
    await t.app.tutorTests.publish(tutorId, test.id);
    const made = (
      await call('tutor', {
        method: 'POST',
        url: '/v1/tutor/assignments',
        payload: { test_id: test.id, rules: { ...PLAINEST_RULES, attempts: 1 } },
      })
    ).json().data as { id: string; code: string };
    const takers: Taker[] = [];
    for (const name of ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Fay']) {
      const res = await call(null, {
        method: 'POST',
        url: `/v1/public/assignments/${made.code}/start`,
        payload: { display_name: name },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.blocks.map((b: { question_count: number }) => b.question_count)).toEqual([3, 1]);
      takers.push(res.json().data);
    }
    const asked = await Promise.all(takers.map(askedOf));
    for (const own of asked) {
      expect(own).toHaveLength(4);
      expect(own.at(-1)).toBe('p100');
    }
    // The same draw every time it is asked for; not the same draw for all six.
    expect(await askedOf(takers[0] as Taker)).toEqual(asked[0]);
    expect(new Set(asked.map((own) => own.join())).size).toBeGreaterThan(1);

    // A question the taker did not draw is no question of theirs: refused, nothing stored.
    const [ann, bo] = takers as [Taker, Taker];
    const notAnn = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].find((id) => !asked[0]?.includes(id)) as string;
    const before = await tableDigest(t.database.db);
    const refused = await answer(ann, [[notAnn, Number(notAnn.slice(1))]]);
    expect(refused.json().data.results).toEqual([
      expect.objectContaining({ status: 422, errors: { question_id: ['No such question in this test'] } }),
    ]);
    expect(await tableDigest(t.database.db)).toEqual(before);

    // Ann answers all her questions right, Bo only the fixed one; the others answer nothing.
    const right = (id: string): [string, number] => [id, Number(id.slice(1))];
    const statuses = async (res: ReturnType<typeof answer>) =>
      (await res).json().data.results.map((r: { status: number }) => r.status);
    expect(await statuses(answer(ann, (asked[0] ?? []).map(right), 10))).toEqual([201, 201, 201, 201]);
    expect(await statuses(answer(bo, [right('p100')], 10))).toEqual([201]);
    const monitor = (await call('tutor', { url: `/v1/tutor/assignments/${made.id}/monitor` })).json().data;
    const annRow = monitor.takers.find((k: { name: string }) => k.name === 'Ann');
    expect([annRow.answered, annRow.question_count]).toEqual([4, 4]);
    for (const k of takers) {
      expect(
        (await call(null, { method: 'POST', url: session(k, '/finish'), payload: { reason: 'manual' } })).statusCode,
      ).toBe(200);
    }
    const annResults = (await call(null, { url: session(ann, '/results') })).json().data;
    expect([annResults.score, annResults.max_score]).toEqual([5, 5]);
    expect(annResults.blocks[0].questions.map((q: { id: string }) => q.id)).toEqual(asked[0]?.slice(0, 3));
    expect(annResults.blocks[0].max_score).toBe(3);
    const table = (await call('tutor', { url: `/v1/tutor/assignments/${made.id}/results` })).json().data.attempts;
    expect(table.find((a: { name: string }) => a.name === 'Bo')).toMatchObject({ score: 2, max_score: 5, percent: 40 });

    // The analysis counts, for each pool question, only the takers who drew it.
    const analysis = (await call('tutor', { url: `/v1/tutor/assignments/${made.id}/analysis` })).json().data;
    expect(analysis.attempts).toBe(6);
    const drewIt = (id: string) => asked.filter((own) => own.includes(id)).length;
    for (const q of analysis.questions as { id: string; attempts: number }[]) expect(q.attempts).toBe(drewIt(q.id));
    expect(analysis.questions.reduce((sum: number, q: { attempts: number }) => sum + q.attempts, 0)).toBe(6 * 4);

    // The answers CSV has one row per question each taker was asked.
    const csv = (await call('tutor', { url: `/v1/tutor/assignments/${made.id}/answers.csv` })).body;
    expect(csv.trim().split('\r\n')).toHaveLength(1 + 6 * 4);

    // The key of Ann's first drawn question was wrong, and a seventh question joins the pool:
    // re-scoring marks the questions each taker drew then, and never draws again.
    const corrected = pooledDraft(7);
    const first = asked[0]?.[0] as string;
    const fixedQuestion = corrected.blocks[0]?.questions.find((q) => q.id === first) as DraftQuestion;
    fixedQuestion.correct_number = 1000;
    const current = await t.app.tutorTests.get(tutorId, test.id);
    await t.app.tutorTests.save(tutorId, test.id, current.revision, corrected);
    await t.app.tutorTests.publish(tutorId, test.id);
    const rescored = await call('tutor', {
      method: 'POST',
      url: `/v1/tutor/assignments/${made.id}/rescore`,
      payload: {},
    });
    expect(rescored.statusCode, rescored.body).toBe(200);
    expect(rescored.json().data.changed).toEqual([
      expect.objectContaining({ name: 'Ann', old_score: 5, new_score: 4, max_score: 5 }),
    ]);
    const again = (await call(null, { url: session(ann, '/results') })).json().data;
    expect(again.blocks[0].questions.map((q: { id: string }) => q.id)).toEqual(asked[0]?.slice(0, 3));
    const kept = await t.database.db
      .selectFrom('online_sessions')
      .select('drawn')
      .where('uuid', '=', ann.uuid)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(kept.drawn ?? '[]')).toEqual(asked[0] && [...asked[0].slice(0, 3), 'p100']);
  });

  it('draws for a tutor’s preview too: the preview is asked only its own drawn questions', async () => {
    const tutorId = callers.users.tutor.id;
    const test = await t.app.tutorTests.create(tutorId, 'en', pooledDraft());
    const preview = await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${test.id}/preview`, payload: {} });
    expect(preview.statusCode, preview.body).toBe(201);
    const started = preview.json().data;
    expect(started.blocks.map((b: { question_count: number }) => b.question_count)).toEqual([3, 1]);
    const asked = started.sealed.order.flatMap((o: { questions: string[] }) => o.questions);
    expect(asked).toHaveLength(4);
    expect(asked.slice(0, 3).every((id: string) => /^p[1-6]$/.test(id))).toBe(true);
  });
});
