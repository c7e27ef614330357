/**
 * Two independent Zalik servers as `npm start` runs them (scripts/start.ts), each with a data folder
 * of its own, sharing only PostgreSQL (a schema of their own), Redis (a key prefix of their own) and
 * the image store: the database by default, or an S3-compatible bucket (s3rver on loopback) with
 * `images: 'bucket'`. Their ports are the ones the example balancer files name.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startS3, type TestS3 } from '../../server/test/s3-server.ts';
import { startProcess, stopProcess } from '../bench/processes.ts';

/** The servers' ports and the balancer's, as deploy/nginx-zalik.conf and deploy/Caddyfile have them. */
export const SERVER_PORTS = [3001, 3002] as const;
export const BALANCER_PORT = 8080;

export interface ClusterOptions {
  images: 'database' | 'bucket';
  /** More variables for both servers (limits for a benchmark, say). */
  env?: Record<string, string>;
}

export class Cluster {
  readonly schema = `zalik_two_${process.pid}`;
  readonly databaseUrl = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
  private readonly root = mkdtempSync(join(tmpdir(), 'zalik-two-'));
  private readonly servers: (ChildProcess | null)[] = [null, null];
  private s3: TestS3 | null = null;
  private env: Record<string, string> = {};

  constructor(private readonly options: ClusterOptions) {}

  async start() {
    if (this.options.images === 'bucket') this.s3 = await startS3();
    this.env = {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: this.databaseUrl,
      DATABASE_SCHEMA: this.schema,
      REDIS_URL: process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `zalik:two:${process.pid}:`,
      PUBLIC_URL: `http://127.0.0.1:${BALANCER_PORT}`,
      // The balancer is on loopback: the servers believe what it says of the client's address.
      TRUST_PROXY: 'loopback',
      IMAGE_STORE: this.options.images,
      ...(this.s3 ? { S3_URL: this.s3.url('zalik') } : { S3_URL: '' }),
      ...this.options.env,
    };
    // One after the other: the first builds the app if it must, migrates and seeds the database.
    for (const index of [0, 1]) await this.launch(index);
  }

  /** `npm start` for server `index` (0 or 1), waiting until its /ready says yes. */
  async launch(index: number) {
    const port = SERVER_PORTS[index] as number;
    this.servers[index] = await startProcess(
      process.execPath,
      ['--import', 'tsx', 'scripts/start.ts'],
      { ...this.env, PORT: String(port), DATA_DIR: join(this.root, `server-${index + 1}`) },
      port,
      '/ready',
      180_000,
    );
  }

  /** SIGTERM, as an orchestrator stops a server: it drains what is under way, then exits. */
  async stop(index: number) {
    const server = this.servers[index];
    if (server) await stopProcess(server);
    this.servers[index] = null;
  }

  /** SIGKILL: the machine gone at once, with whatever it was doing. */
  async kill(index: number) {
    const server = this.servers[index];
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
    this.servers[index] = null;
  }

  /** A connection to the servers' database, in their schema. */
  async query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      await client.query(`set search_path to ${this.schema}`);
      return (await client.query(text, values)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  async close() {
    await Promise.all([0, 1].map((index) => this.stop(index)));
    await this.s3?.close();
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${this.schema} cascade`);
    await client.end();
    rmSync(this.root, { recursive: true, force: true });
  }
}
