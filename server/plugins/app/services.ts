/** The database and the services built on it, shared by every route. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/database.ts';
import type { AnswerEvents } from '../../services/answer-events.ts';
import { AssignmentResultsService } from '../../services/assignments/assignment-results.ts';
import { Assignments } from '../../services/assignments/assignments.ts';
import { Catalog } from '../../services/catalog.ts';
import { ImageStore } from '../../services/images/image-store.ts';
import { LessonVersionStore } from '../../services/lesson-versions.ts';
import { OnlineSessions } from '../../services/online-sessions.ts';
import { TutorTests } from '../../services/tutor-tests/tutor-tests.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    catalog: Catalog;
    sessions: OnlineSessions;
    tutorTests: TutorTests;
    images: ImageStore;
    assignments: Assignments;
    assignmentResults: AssignmentResultsService;
  }
}

export interface ServicesOptions {
  database: DatabaseHandle;
  answerGraceMs: number;
  offlineGraceMs: number;
  now: () => number;
  /** How often running sessions past their deadline are closed; 0 leaves it to the callers. */
  sweepIntervalMs: number;
  /** How many tests one tutor may keep. */
  testsPerTutor: number;
  /** Where image files are stored (DATA_DIR/images). */
  imagesDir: string;
  /** Told of each answer's outcome and each commit (the metrics, when on). */
  answerEvents?: AnswerEvents;
}

export default fp<ServicesOptions>(
  async (app: FastifyInstance, options) => {
    const versions = new LessonVersionStore(options.database.db);
    app.decorate('database', options.database);
    app.decorate('catalog', new Catalog(options.database.db, versions, options.now));
    const images = new ImageStore(options.database.db, { dir: options.imagesDir, now: options.now });
    app.decorate('images', images);
    const assignments = new Assignments(options.database.db, {
      now: options.now,
      reads: options.database.reads,
      dialect: options.database.dialect,
      deadlinesMoved: (sessions) => app.sessions.forget(sessions),
    });
    app.decorate('assignments', assignments);
    app.decorate(
      'tutorTests',
      new TutorTests(options.database.db, {
        now: options.now,
        dialect: options.database.dialect,
        testsPerTutor: options.testsPerTutor,
        images,
      }),
    );
    app.decorate(
      'sessions',
      new OnlineSessions(options.database.db, versions, {
        answerGraceMs: options.answerGraceMs,
        offlineGraceMs: options.offlineGraceMs,
        now: options.now,
        rowLocks: options.database.dialect === 'postgres',
        ...(options.answerEvents ? { events: options.answerEvents } : {}),
      }),
    );
    app.decorate(
      'assignmentResults',
      new AssignmentResultsService(options.database.db, versions, assignments, app.sessions),
    );
    // Held lobby requests answer at once when the server stops.
    app.addHook('preClose', async () => assignments.waits.close());

    if (options.sweepIntervalMs > 0) {
      let running = false;
      const timer = setInterval(async () => {
        if (running) return;
        running = true;
        try {
          const closed = await app.sessions.sweep();
          if (closed) app.log.info({ closed }, 'closed sessions past their deadline');
        } catch (error) {
          app.log.warn({ err: error }, 'sweep failed; will retry');
        } finally {
          running = false;
        }
      }, options.sweepIntervalMs);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'services' },
);
