import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../contract/receipts.ts';
import { createTestApp, type TestApp } from '../../server/test/helpers.ts';
import { checkReceiptFile } from './check-receipt.ts';

let t: TestApp;
let dir: string;
let base: string;
let receipt: Receipt;

/** A port free now, for a server whose PUBLIC_URL must name it before it listens. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { PUBLIC_URL: base } });
  await t.app.listen({ port, host: '127.0.0.1' });
  dir = mkdtempSync(join(tmpdir(), 'zalik-receipt-'));
  const started = (
    await t.app.inject({ method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} })
  ).json().data;
  await t.app.inject({
    method: 'POST',
    url: `/v1/public/lessons/online/${started.uuid}/answer?api_token=${started.api_token}`,
    payload: { answer_id: crypto.randomUUID(), question_id: 'q1', value: 'b', answered_at: t.clock.value },
  });
  await t.app.inject({
    method: 'POST',
    url: `/v1/public/lessons/online/${started.uuid}/finish`,
    payload: { api_token: started.api_token },
  });
  const res = await t.app.inject({
    url: `/v1/public/lessons/online/${started.uuid}/receipt?api_token=${started.api_token}`,
  });
  // The receipt names the server it came from: this test's own, listening.
  receipt = res.json().data.receipt;
  expect(receipt.server).toBe(base);
}, 60_000);

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const saved = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};

describe('npm run receipt:check', () => {
  it('checks the signature with a saved key set offline, and says a changed receipt is not the server’s', async () => {
    const keys = saved('keys.json', await (await t.app.inject({ url: '/v1/public/receipt-keys' })).json());
    const ok = await checkReceiptFile(saved('r.json', receipt), { keys, offline: true });
    expect(ok.status).toBe(0);
    expect(ok.lines).toContain(`Signature: valid (key ${receipt.kid})`);
    const forged = await checkReceiptFile(saved('f.json', { ...receipt, started_at: receipt.started_at - 60_000 }), {
      keys,
      offline: true,
    });
    expect(forged.status).toBe(1);
    expect(forged.lines.at(-1)).toBe(
      'NOT SIGNED BY THIS SERVER: the signature does not hold (the receipt was changed)',
    );
    expect((await checkReceiptFile(saved('x.json', { hello: 1 }))).status).toBe(2);
  });

  it('asks the server whether its stored answers match, and names a changed one', async () => {
    const path = saved('r2.json', receipt);
    const matches = await checkReceiptFile(path);
    expect(matches.lines.slice(-2)).toEqual([
      `Signature: valid (key ${receipt.kid})`,
      'Stored answers: MATCH the receipt',
    ]);
    expect(matches.status).toBe(0);
    await t.database.db
      .updateTable('answers')
      .set({ value: '"c"' })
      .where('session_uuid', '=', receipt.attempt)
      .execute();
    const differs = await checkReceiptFile(path);
    expect(differs.lines.slice(-2)).toEqual(['Stored answers: DIFFER from the receipt', '  question 1: changed']);
    expect(differs.status).toBe(1);
    // The server is part of what is signed: a receipt pointed at another loses its signature.
    const moved = await checkReceiptFile(saved('moved.json', { ...receipt, server: 'http://127.0.0.1:9' }), {
      keys: `${base}/v1/public/receipt-keys`,
    });
    expect(moved.status).toBe(1);
  });
});
