/**
 * The app's one job runner (services/platform/job-runner.ts): every plugin adds its background work
 * here, and the app's close stops it. The embedded database's checkpoints are its first job.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/database.ts';
import { JobRunner } from '../../services/platform/job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/** SQLite's WAL copied into the database file, on the checkpointer's thread (db/checkpoints.ts). */
const CHECKPOINT_MS = 1_000;

export default fp<{ now: () => number; enabled: boolean; database: DatabaseHandle }>(
  async (app: FastifyInstance, options) => {
    const jobs = new JobRunner({ now: options.now, log: app.log, enabled: options.enabled });
    app.decorate('jobs', jobs);
    const { checkpoint } = options.database;
    if (checkpoint)
      jobs.add({
        name: 'sqlite-checkpoint',
        schedule: { everyMs: CHECKPOINT_MS },
        run: async () => {
          await checkpoint();
          return null;
        },
      });
    app.addHook('onClose', async () => jobs.close());
  },
  { name: 'jobs' },
);
