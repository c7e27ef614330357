/**
 * Starts Zalik: validates the environment, prepares the database, listens, and stops cleanly; with
 * WORKERS above 1, as that many processes on the one port (cluster.ts).
 */
import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { bootstrapDatabase } from './bootstrap.ts';
import { runPrimary } from './cluster.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { loggerOptions, logLine } from './logging.ts';
import { runtimeNotice } from './runtime-notice.ts';

/** A stop takes at most this long: orchestrators (systemd, Kubernetes) kill soon after 10 s anyway. */
const STOP_WITHIN_MS = 10_000;
/** Of which answering what still comes may take this long, leaving the rest to close. */
const DRAIN_MS = 7_000;
/** Connections waiting to be accepted (see the listen below). */
const LISTEN_BACKLOG = 4096;

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

if (config.workers > 1 && cluster.isPrimary) {
  // The schema and the demo content once, before any worker serves; then the workers (cluster.ts).
  const database = createDatabase(config);
  await bootstrapDatabase(database);
  await database.close();
  runPrimary(config.workers);
} else {
  await serve(config);
}

async function serve(config: Config) {
  // A stop can come while the process still starts: a cluster's primary passes the operator's stop
  // to every worker at once, ready or not. Caught from here on rather than left to the signal's
  // default (which killed the process, and its primary then reported a failed stop), it waits
  // until the app exists and then takes the ordinary way out below, with nothing yet to answer.
  let stopping: string | undefined;
  let shutdown: ((signal: string) => Promise<void>) | undefined;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = signal;
    setTimeout(() => {
      // The app's logger may not exist yet.
      logLine(50, `shutdown: still busy after ${STOP_WITHIN_MS / 1000} s, exiting now`, { signal });
      process.exit(1);
    }, STOP_WITHIN_MS).unref();
    void shutdown?.(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  const database = createDatabase(config);
  const { migrations, seeded } = await bootstrapDatabase(database);
  const app = await buildApp({ config, database, logger: loggerOptions(config.logLevel) });
  app.log.info({ node: process.versions.node }, 'runtime');
  const notice = runtimeNotice(process.versions.node, process.platform, process.arch);
  if (notice) app.log.warn(notice);
  app.log.info({ database: database.location, migrations, seeded }, 'database ready');
  try {
    await database.warm();
  } catch (error) {
    // Not fatal: what could not be opened now is opened when needed, as before.
    app.log.warn({ err: error }, 'could not open every database connection before serving');
  }

  shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Nothing acknowledged is lost by this exit: an answer is acknowledged only after its commit.
    // Keep answering while requests still come (/ready says 503 meanwhile, so balancers stop sending);
    // once quiet, close: every answer request has then had its commit, so the answer writer is empty.
    await app.drain({ maxMs: DRAIN_MS });
    await app.close();
    await database.close();
    app.log.info({ signal }, 'stopped');
    process.exit(0);
  };
  if (stopping) return shutdown(stopping);

  // A class's devices connect in the same second at a synchronized start: with Node's default queue
  // of 511 connections waiting to be accepted, the rest were refused while the process was busy.
  // The kernel caps it at net.core.somaxconn (4096 on current Linux).
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
}
