/**
 * The database out of reach for a while: every call answers 503 with Retry-After and a message in
 * the caller's language, nothing is half-written, the process lives on, and it recovers by itself.
 * PostgreSQL is cut with a TCP proxy of our own (the shared server keeps running for other suites);
 * SQLite is made busy by another connection holding the write lock.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server, Socket } from 'node:net';
import SQLite from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { importContent } from '../content/importer.ts';
import { loadContent } from '../content/validate.ts';
import {
  createTestDatabase,
  databaseUrl,
  dialectName,
  FIXTURES,
  type TestDatabase,
  tableDigest,
} from '../test/helpers.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';

function expectUnavailable(res: LightMyRequestResponse, what: string, pattern = /try again/i) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
  expect(Number(res.headers['retry-after']), what).toBeGreaterThan(0);
  expect(res.json().message, what).toMatch(pattern);
  expect(res.body, what).not.toMatch(/ECONN|SQLITE|terminated|at .*\.ts/);
}

/** A TCP relay to PostgreSQL that can be cut (existing sockets destroyed, new ones refused) and restored. */
class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}

describe.runIf(dialectName === 'postgres')('PostgreSQL out of reach', () => {
  let real: TestDatabase;
  let proxied: DatabaseHandle;
  let proxy: CuttableProxy;
  let app: FastifyInstance;

  beforeAll(async () => {
    real = await createTestDatabase();
    await migrateToLatest(real);
    await importContent(real.db, await loadContent(FIXTURES));
    const target = new URL(databaseUrl as string);
    proxy = new CuttableProxy(target.hostname, Number(target.port || 5432));
    await proxy.open();
    const viaProxy = new URL(databaseUrl as string);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    proxied = createDatabase({ databaseUrl: viaProxy.toString(), dataDir: '', schema: real.schema, poolSize: 3 });
    app = await buildApp({ config: loadConfig({ DIST_DIR: 'none' }), database: proxied, jobs: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.cut();
    await real?.dispose();
  });

  it('answers 503 with Retry-After while cut, writes nothing half-way, and recovers by itself', async () => {
    const start = () => app.inject({ method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} });
    const res = await start();
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json().data as { uuid: string; api_token: string };
    const answer = () =>
      app.inject({
        method: 'POST',
        url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
        payload: { answer_id: randomUUID(), question_id: 'q1', value: 'b', answered_at: Date.now() },
        headers: { 'application-language': 'uk' },
      });
    expect((await answer()).statusCode).toBe(201);
    const before = await tableDigest(real.db);

    await proxy.cut();
    const calls: [string, () => Promise<LightMyRequestResponse>, RegExp][] = [
      ['catalog read', () => app.inject({ url: '/v1/public/subjects/list' }), /try again/],
      ['start', start, /try again/],
      ['answer (uk)', answer, /спробуйте ще раз/],
      [
        'batch of answers (pl)',
        () =>
          app.inject({
            method: 'POST',
            url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
            payload: [{ answer_id: randomUUID(), question_id: 'q2', value: ['a'], answered_at: Date.now() }],
            headers: { 'application-language': 'pl' },
          }),
        /spróbuj ponownie/,
      ],
      [
        'finish (ru)',
        () =>
          app.inject({
            method: 'POST',
            url: `/v1/public/lessons/online/${s.uuid}/finish`,
            payload: { api_token: s.api_token },
            headers: { 'application-language': 'ru' },
          }),
        /повторите попытку/,
      ],
      [
        'sign-in',
        () =>
          app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: 'a@b.cd', password: 'whatever-1' } }),
        /try again/,
      ],
    ];
    // Twice: the first round meets the broken connections, the second the refused new ones.
    for (let round = 0; round < 2; round++) {
      for (const [what, call, pattern] of calls) expectUnavailable(await call(), `${what}, round ${round}`, pattern);
    }
    expect(await tableDigest(real.db), 'nothing was written while cut').toEqual(before);

    await proxy.open();
    let recovered: LightMyRequestResponse | null = null;
    for (let i = 0; i < 20 && recovered?.statusCode !== 201; i++) {
      recovered = await answer();
      if (recovered.statusCode !== 201) await new Promise((r) => setTimeout(r, 250));
    }
    expect(recovered?.statusCode, recovered?.body).toBe(201);
    expect((await app.inject({ url: '/v1/public/subjects/list' })).statusCode).toBe(200);
    const done = await app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/finish`,
      payload: { api_token: s.api_token },
    });
    expect(done.statusCode).toBe(200);
    const answers = await real.db.selectFrom('answers').selectAll().where('session_uuid', '=', s.uuid).execute();
    expect(answers).toHaveLength(2);
  }, 60_000);
});

describe.runIf(dialectName === 'sqlite')('SQLite too busy to write', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database);
    await importContent(database.db, await loadContent(FIXTURES));
    // Kysely's SQLite driver holds one connection: a short wait for the lock keeps the test quick.
    await sql`pragma busy_timeout = 200`.execute(database.db);
    app = await buildApp({ config: loadConfig({ DIST_DIR: 'none' }), database, jobs: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('answers 503 with Retry-After while another process holds the write lock, then carries on', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} });
    const s = res.json().data as { uuid: string; api_token: string };
    const answer = (lang = 'en') =>
      app.inject({
        method: 'POST',
        url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
        payload: { answer_id: randomUUID(), question_id: 'q1', value: 'b', answered_at: Date.now() },
        headers: { 'application-language': lang },
      });
    const before = await tableDigest(database.db);
    const other = new SQLite(database.location);
    other.pragma('busy_timeout = 0');
    other.exec('begin exclusive');
    try {
      expectUnavailable(await answer('uk'), 'answer', /спробуйте ще раз/);
      expectUnavailable(
        await app.inject({ method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} }),
        'start',
      );
      // Reads go on: WAL readers do not wait for the writer.
      expect((await app.inject({ url: '/v1/public/subjects/list' })).statusCode).toBe(200);
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect(await tableDigest(database.db)).toEqual(before);
    expect((await answer()).statusCode).toBe(201);
  });
});

describe('which errors mean "database unavailable"', () => {
  it('knows the connection errors of both drivers and nothing else', async () => {
    const { isDatabaseUnavailable } = await import('../plugins/app/errors.ts');
    const yes = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
      Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' }),
      new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }),
    ];
    const no = [
      new Error('boom'),
      Object.assign(new Error('duplicate key value'), { code: '23505' }),
      Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' }),
      null,
      'text',
    ];
    for (const error of yes) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    for (const error of no) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});
