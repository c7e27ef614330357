/**
 * What two servers behind one balancer must do as one: a picture stored through one is seen through
 * the other; takers waiting in the lobby on both start on one signal given through either; the
 * monitor read through one shows answers written through the other within its 2 s; request limits
 * count across both. Each check returns a line for the report, or throws saying what went wrong.
 */
import { randomUUID } from 'node:crypto';
import { PLAINEST_RULES } from '../../contract/assignments.ts';
import { TINY_PNG } from '../../server/test/images.ts';
import { call, expectStatus, signedUpTutor, singleChoiceDraft } from '../bench/assignment-scenario.ts';
import { BALANCER_PORT, type Cluster, SERVER_PORTS } from './cluster.ts';

const [A, B] = SERVER_PORTS;
const LB = BALANCER_PORT;
export const QUESTIONS = 8;
/** The monitor's own interval (MonitorPanel.tsx): an answer must show on the read after the next. */
const MONITOR_WITHIN_MS = 2_000;

export interface Given {
  token: string;
  id: string;
  code: string;
  imageId: string;
}

/** One block of QUESTIONS questions, the first showing the picture. */
function draft(imageId: string) {
  const test = singleChoiceDraft(1, QUESTIONS, 'Two servers');
  const first = test.blocks[0]?.questions[0];
  if (first) first.image = { id: imageId, alt: { en: 'A dot' } };
  return test;
}

/** A tutor through server A: a picture, a test showing it, an assignment started on the signal. */
export async function giveThroughA(start: 'signal' | 'window', tag: string): Promise<Given> {
  const token = await signedUpTutor(A, `two-servers-${start}-${tag}-${process.pid}@example.test`);
  const png = Buffer.concat([TINY_PNG, Buffer.from(`two servers ${process.pid} ${start} ${tag}`)]);
  const image = expectStatus(
    await call(A, 'POST', '/v1/tutor/images', { name: 'dot.png', data: png.toString('base64') }, token),
    201,
    'upload through A',
  );
  const test = expectStatus(
    await call(A, 'POST', '/v1/tutor/tests', { draft: draft(String(image.data.id)) }, token),
    201,
    'test',
  );
  expectStatus(await call(A, 'POST', `/v1/tutor/tests/${test.data.id}/publish`, {}, token), 200, 'publish');
  const rules = { ...PLAINEST_RULES, start };
  const made = expectStatus(
    await call(A, 'POST', '/v1/tutor/assignments', { test_id: test.data.id, rules }, token),
    201,
    'assign',
  );
  return { token, id: String(made.data.id), code: String(made.data.code), imageId: String(image.data.id) };
}

/** The picture uploaded through A, read through B and twice through the balancer (so from both). */
export async function pictureSeenThroughB(given: Given): Promise<string> {
  const url = `http://127.0.0.1:${B}/v1/images/${given.imageId}`;
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`the picture through B: ${res.status}`);
  if (!res.headers.get('cache-control')?.includes('immutable'))
    throw new Error('the picture lost its immutable header');
  for (let i = 0; i < 2; i++) {
    const again = await fetch(`http://127.0.0.1:${LB}/v1/images/${given.imageId}`);
    if (!Buffer.from(await again.arrayBuffer()).equals(bytes)) throw new Error('the balancer served other bytes');
  }
  return `picture uploaded through A (${bytes.length} bytes) served through B and through the balancer, immutable`;
}

export interface Taker {
  name: string;
  uuid: string;
  token: string;
}

/** Three takers wait in the lobby on each server; the signal goes through B; all start at one moment. */
export async function lobbyOnBoth(given: Given, cluster: Cluster): Promise<{ line: string; takers: Taker[] }> {
  const waiting = Array.from({ length: 6 }, (_, i) => ({
    name: `Lobby taker ${i + 1}`,
    waiter: randomUUID(),
    port: i % 2 === 0 ? A : B,
  }));
  let signalledAt = 0;
  const held = waiting.map(async (w) => {
    const reply = expectStatus(
      await call(w.port, 'POST', `/v1/public/assignments/${given.code}/lobby`, {
        waiter: w.waiter,
        display_name: w.name,
      }),
      200,
      `lobby on ${w.port}`,
    );
    return { ...w, state: String(reply.data.state), heardAfterMs: performance.now() - signalledAt };
  });
  await new Promise((r) => setTimeout(r, 1_000));
  signalledAt = performance.now();
  expectStatus(
    await call(B, 'POST', `/v1/tutor/assignments/${given.id}/start`, {}, given.token),
    200,
    'signal through B',
  );
  const heard = await Promise.all(held);
  const wrong = heard.filter((h) => h.state !== 'open');
  if (wrong.length) throw new Error(`lobby answers not open: ${wrong.map((w) => w.state).join(', ')}`);
  const slowest = Math.max(...heard.map((h) => h.heardAfterMs));
  if (slowest > MONITOR_WITHIN_MS) throw new Error(`a lobby heard the signal after ${slowest.toFixed(0)} ms`);
  const takers = await Promise.all(
    heard.map(async (h) => {
      const started = expectStatus(
        await call(h.port, 'POST', `/v1/public/assignments/${given.code}/start`, {
          display_name: h.name,
          waiter: h.waiter,
        }),
        201,
        `start on ${h.port}`,
      );
      return { name: h.name, uuid: String(started.data.uuid), token: String(started.data.api_token) };
    }),
  );
  const deadlines = await cluster.query<{ deadline: string }>(
    'select distinct deadline from online_sessions where uuid = any($1)',
    [takers.map((t) => t.uuid)],
  );
  if (deadlines.length !== 1) throw new Error(`the six takers have ${deadlines.length} deadlines, not one`);
  return {
    line: `6 takers in the lobby (3 on A, 3 on B) heard the signal given through B within ${slowest.toFixed(0)} ms; one deadline for all`,
    takers,
  };
}

/** Answers through A; the monitor through B shows each within 2 s (and the other way round). */
export async function monitorAcross(given: Given, takers: Taker[]): Promise<string> {
  const delays: number[] = [];
  for (const [index, taker] of takers.slice(0, 4).entries()) {
    const [write, read] = index % 2 === 0 ? [A, B] : [B, A];
    const answered = performance.now();
    const answer = { answer_id: randomUUID(), question_id: 'q1', value: 'a', answered_at: Date.now() };
    expectStatus(
      await call(write, 'POST', `/v1/public/lessons/online/${taker.uuid}/answer?api_token=${taker.token}`, answer),
      201,
      'answer',
    );
    for (;;) {
      const monitor = expectStatus(
        await call(read, 'GET', `/v1/tutor/assignments/${given.id}/monitor`, undefined, given.token),
        200,
        'monitor',
      );
      const row = (monitor.data.takers as { session: string; answered: number }[]).find(
        (t) => t.session === taker.uuid,
      );
      if (row?.answered === 1) break;
      if (performance.now() - answered > MONITOR_WITHIN_MS)
        throw new Error(`the monitor on ${read} missed an answer for 2 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
    delays.push(performance.now() - answered);
  }
  return `answers written through one server shown by the monitor read through the other within ${Math.max(...delays).toFixed(0)} ms (of 2,000)`;
}

/** Ten sign-ins to one account from one address in 10 minutes are allowed: 5 through A, 5 through B, then 429. */
export async function limitsAcross(tag: string): Promise<string> {
  const email = `two-servers-limits-${tag}-${process.pid}@example.test`;
  await signedUpTutor(A, email);
  const login = (port: number) => call(port, 'POST', '/v1/auth/login', { email, password: 'correct-horse-battery' });
  // signedUpTutor signed in once already (through A).
  const statuses: number[] = [];
  for (let i = 0; i < 9; i++) statuses.push((await login(i % 2 === 0 ? B : A)).status);
  const eleventh = await login(LB);
  if (statuses.some((s) => s !== 200)) throw new Error(`sign-ins 2 to 10: ${statuses.join(' ')}`);
  if (eleventh.status !== 429) throw new Error(`the 11th sign-in through the balancer: ${eleventh.status}, not 429`);
  return 'sign-ins to one account counted across both servers: 10 allowed (5 on A, 5 on B), the 11th through the balancer 429';
}
