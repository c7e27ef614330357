/**
 * Test apps on a real database: a fresh SQLite file per app, or, when DATABASE_URL is set, a fresh
 * PostgreSQL schema per app, dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { OPERATOR_ENDPOINTS } from '../../contract/endpoints/operations.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { importContent } from '../content/importer.ts';
import { loadContent } from '../content/validate.ts';
import { createDatabase, type DatabaseHandle, type DatabaseOptions } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Mail } from '../services/accounts/mailer.ts';

export const FIXTURES = join(import.meta.dirname, 'fixtures');
export const databaseUrl = process.env.DATABASE_URL?.trim() || null;
export const dialectName = databaseUrl ? 'postgres' : 'sqlite';

export interface TestDatabase extends DatabaseHandle {
  /** A handle of its own on the same database (file or schema), as a server started again opens. */
  reopen(): DatabaseHandle;
  dispose(): Promise<void>;
}

/** Closes once however often asked: a test may close its database as a stop does, then dispose it. */
function closingOnce(handle: DatabaseHandle): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= handle.close();
    return closing;
  };
}

let counter = 0;

/** A database for one test file: PostgreSQL when DATABASE_URL is set, unless `sqlite` asks for the embedded one. */
export async function createTestDatabase(
  options: { sqlite?: boolean; onStatement?: DatabaseOptions['onStatement'] } = {},
): Promise<TestDatabase> {
  const listen = options.onStatement ? { onStatement: options.onStatement } : {};
  if (databaseUrl && !options.sqlite) {
    const schema = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const open = () => createDatabase({ databaseUrl, dataDir: '', schema, poolSize: 5, ...listen });
    const handle = open();
    const close = closingOnce(handle);
    return {
      ...handle,
      close,
      reopen: open,
      async dispose() {
        await close();
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'zalik-test-'));
  const open = () => createDatabase({ databaseUrl: null, dataDir: dir, ...listen });
  const handle = open();
  const close = closingOnce(handle);
  return {
    ...handle,
    close,
    reopen: open,
    async dispose() {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A controllable clock for deadline tests. */
export class TestClock {
  constructor(public value = Date.UTC(2026, 10, 22, 9, 0, 0)) {}
  now = () => this.value;
  advance(ms: number) {
    this.value += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: TestClock;
  /** Every mail the app sent, newest last. */
  mails: Mail[];
  /** The app's DATA_DIR (its image files). */
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    content?: string | null;
    env?: Record<string, string>;
    distDir?: string;
    sqlite?: boolean;
    logger?: FastifyServerOptions['logger'];
    /** Told the text of every statement the app's database runs. */
    onStatement?: DatabaseOptions['onStatement'];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({
    sqlite: options.sqlite ?? false,
    ...(options.onStatement ? { onStatement: options.onStatement } : {}),
  });
  // Files the app writes (images) go to a folder of this app's own, removed with it.
  const dataDir = mkdtempSync(join(tmpdir(), 'zalik-test-data-'));
  const clock = new TestClock();
  const mails: Mail[] = [];
  const mailer = { send: async (mail: Mail) => void mails.push(mail) };
  let app: FastifyInstance;
  try {
    await migrateToLatest(database);
    const content = options.content === undefined ? FIXTURES : options.content;
    if (content) await importContent(database.db, await loadContent(content));
    const config = loadConfig({ DIST_DIR: options.distDir ?? 'none', DATA_DIR: dataDir, ...options.env });
    app = await buildApp({ config, database, now: clock.now, jobs: false, mailer, logger: options.logger });
    await app.ready();
  } catch (error) {
    // A failed setup must not leave its schema or files behind.
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    database,
    clock,
    mails,
    dataDir,
    async close() {
      await app.close();
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Row counts of every table: bad input must leave them as they were. */
export async function tableDigest(db: DatabaseHandle['db']): Promise<Record<string, unknown>> {
  const tables = [
    'subjects',
    'specializations',
    'lessons',
    'lesson_versions',
    'site',
    'online_sessions',
    'answers',
    'session_signals',
    'users',
    'auth_tokens',
    'email_tokens',
    'oidc_flows',
    'tutor_tests',
    'images',
    'image_chunks',
    'assignments',
    'assignment_lobby',
    'assignment_changes',
    'lti_platforms',
    'lti_deployments',
    'lti_logins',
    'lti_identities',
    'lti_handoffs',
    'lti_registration_links',
    'lti_deep_links',
    'lti_links',
  ] as const;
  const digest: Record<string, unknown> = {};
  for (const table of tables) {
    const rows = await db.selectFrom(table).selectAll().execute();
    digest[table] = JSON.stringify(rows.map((r) => JSON.stringify(r)).sort());
  }
  return digest;
}

/** The operator's routes, outside `/v1` but in the same endpoint table. */
const OPERATOR_ROUTES: string[] = OPERATOR_ENDPOINTS.map((e) => e.path);

/**
 * Every `/v1` route the app serves, and the operator's, as "METHOD /v1/path/{param}" (HEAD and
 * OPTIONS aside).
 */
export function v1Routes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    stack.length = depth;
    stack[depth] = match[2] as string;
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    if (!path.startsWith('/v1/') && !OPERATOR_ROUTES.includes(path)) continue;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}
