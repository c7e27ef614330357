/**
 * One server stopped mid-exam (SIGTERM: it drains, then exits) and later the other killed (SIGKILL:
 * gone at once, requests in flight with it), each started again after a while; meanwhile takers keep
 * answering through the balancer, each with an outbox as the app has: an answer stays queued until a
 * 2xx acknowledges it and is sent again otherwise (a repeat of its id is harmless). Afterwards the
 * database itself must hold every answer made, acknowledged or queued, once.
 */
import { randomUUID } from 'node:crypto';
import { call, expectStatus } from '../bench/assignment-scenario.ts';
import type { Given } from './checks.ts';
import { QUESTIONS } from './checks.ts';
import { BALANCER_PORT, type Cluster } from './cluster.ts';

const TAKERS = 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Outbox {
  uuid: string;
  token: string;
  queue: { answer_id: string; question_id: string; value: string; answered_at: number }[];
  made: string[];
  acknowledged: string[];
}

/** Sends the outbox's oldest answer until the queue is empty or `until()` says stop. */
async function sender(box: Outbox, until: () => boolean, failures: Map<string, number>) {
  while (!until() || box.queue.length > 0) {
    const next = box.queue[0];
    if (!next) {
      await sleep(20);
      continue;
    }
    const reply = await call(
      BALANCER_PORT,
      'POST',
      `/v1/public/lessons/online/${box.uuid}/answer?api_token=${box.token}`,
      next,
    ).catch((error: Error) => ({ status: 0, text: error.message, ms: 0 }));
    if (reply.status === 200 || reply.status === 201) {
      box.acknowledged.push(next.answer_id);
      box.queue.shift();
    } else {
      failures.set(String(reply.status), (failures.get(String(reply.status)) ?? 0) + 1);
      await sleep(250);
    }
  }
}

export async function stopAndKillMidExam(given: Given, cluster: Cluster, say: (line: string) => void): Promise<string> {
  const boxes: Outbox[] = [];
  for (let i = 0; i < TAKERS; i++) {
    const started = expectStatus(
      await call(BALANCER_PORT, 'POST', `/v1/public/assignments/${given.code}/start`, {
        display_name: `Taker ${i + 1}`,
      }),
      201,
      'start through the balancer',
    );
    boxes.push({
      uuid: String(started.data.uuid),
      token: String(started.data.api_token),
      queue: [],
      made: [],
      acknowledged: [],
    });
  }
  let making = true;
  const failures = new Map<string, number>();
  const makers = boxes.map(async (box, index) => {
    for (let n = 0; making; n++) {
      const answer = {
        answer_id: randomUUID(),
        question_id: `q${((n + index) % QUESTIONS) + 1}`,
        value: n % 3 === 0 ? 'b' : 'a',
        answered_at: Date.now(),
      };
      box.queue.push(answer);
      box.made.push(answer.answer_id);
      await sleep(150 + Math.random() * 200);
    }
  });
  const senders = boxes.map((box) => sender(box, () => !making, failures));
  const acknowledgedNow = () => boxes.reduce((sum, box) => sum + box.acknowledged.length, 0);
  const phase = async (what: string, ms: number) => {
    const before = acknowledgedNow();
    await sleep(ms);
    say(`  ${what}: ${acknowledgedNow() - before} answers acknowledged in ${(ms / 1000).toFixed(0)} s`);
    return acknowledgedNow() - before;
  };

  await phase('both servers', 3_000);
  const stopping = performance.now();
  await cluster.stop(0);
  say(`  server A stopped by SIGTERM (drained and exited in ${((performance.now() - stopping) / 1000).toFixed(1)} s)`);
  const withoutA = await phase('A stopped, B alone', 4_000);
  await cluster.launch(0);
  await phase('A started again', 3_000);
  await cluster.kill(1);
  say('  server B killed by SIGKILL');
  const withoutB = await phase('B killed, A alone', 4_000);
  await cluster.launch(1);
  await phase('B started again', 3_000);
  making = false;
  await Promise.all(makers);
  const drained = Promise.all(senders);
  const timeout = sleep(30_000).then(() => 'timeout');
  if ((await Promise.race([drained, timeout])) === 'timeout') throw new Error('the outboxes did not empty within 30 s');
  for (const box of boxes) {
    expectStatus(
      await call(BALANCER_PORT, 'POST', `/v1/public/lessons/online/${box.uuid}/finish?api_token=${box.token}`, {}),
      200,
      'finish',
    );
  }

  const stored = await cluster.query<{ id: string; n: string }>(
    'select id, count(*) as n from answers where session_uuid = any($1) group by id',
    [boxes.map((box) => box.uuid)],
  );
  const storedIds = new Map(stored.map((row) => [row.id, Number(row.n)]));
  const made = boxes.flatMap((box) => box.made);
  const acknowledged = boxes.flatMap((box) => box.acknowledged);
  const missing = made.filter((id) => storedIds.get(id) !== 1);
  if (missing.length) throw new Error(`${missing.length} of ${made.length} answers are not stored exactly once`);
  if (withoutA === 0 || withoutB === 0) throw new Error('the takers did not carry on through the other server');
  const refused = [...failures].map(([status, n]) => `${n}× ${status === '0' ? 'no connection' : status}`).join(', ');
  return (
    `${TAKERS} takers through the balancer, A stopped (SIGTERM) then B killed (SIGKILL) mid-exam: ` +
    `${made.length} answers made, ${acknowledged.length} acknowledged, all ${made.length} stored once; ` +
    `sent again after ${refused || 'nothing refused'}; all ${TAKERS} finished`
  );
}
