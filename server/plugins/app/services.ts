/** The database and the services built on it, shared by every route. */

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ImageStoreConfig } from '../../config-images.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { Accommodations } from '../../services/assignments/accommodations.ts';
import { AssignmentResultsService } from '../../services/assignments/assignment-results.ts';
import { Assignments } from '../../services/assignments/assignments.ts';
import { HandMarking } from '../../services/assignments/hand-marking.ts';
import { LobbyWaits } from '../../services/assignments/lobby-waits.ts';
import { AssignmentMonitorReads } from '../../services/assignments/monitor-reads.ts';
import { AssignmentTakers } from '../../services/assignments/takers.ts';
import { Catalog } from '../../services/catalog/catalog.ts';
import { LessonVersionStore } from '../../services/catalog/lesson-versions.ts';
import { ImageStore } from '../../services/images/image-store.ts';
import { imagesLeftIn, openImageBlobs } from '../../services/images/open-image-blobs.ts';
import { enqueueScores } from '../../services/lti/grade-queue.ts';
import type { AnswerEvents } from '../../services/sessions/answer-events.ts';
import { StorageQuota } from '../../services/storage/storage-quota.ts';
import { sweepStorage } from '../../services/storage/storage-sweep.ts';

/** How often unused versions and images are looked for (storage-sweep.ts). */
const STORAGE_SWEEP_MS = 3_600_000;
/** Running sessions past their deadline (and its grace) are closed this often. */
const SESSION_SWEEP_MS = 30_000;

import { FormulaChecker } from '../../services/formulas/formula-checker.ts';
import { BankReader } from '../../services/question-banks/bank-reader.ts';
import { OnlineSessions } from '../../services/sessions/online-sessions.ts';
import { SessionSignals } from '../../services/sessions/session-signals.ts';
import { TutorTests } from '../../services/tutor-tests/tutor-tests.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Lesson versions, each parsed once. */
    lessonVersions: LessonVersionStore;
    catalog: Catalog;
    sessions: OnlineSessions;
    signals: SessionSignals;
    tutorTests: TutorTests;
    /** Formulas parsed and rendered on threads of their own. */
    formulas: FormulaChecker;
    images: ImageStore;
    assignments: Assignments;
    assignmentTakers: AssignmentTakers;
    accommodations: Accommodations;
    assignmentMonitor: AssignmentMonitorReads;
    assignmentResults: AssignmentResultsService;
    handMarking: HandMarking;
  }
}

export interface ServicesOptions {
  database: DatabaseHandle;
  answerGraceMs: number;
  offlineGraceMs: number;
  now: () => number;
  /** How many tests one tutor may keep. */
  testsPerTutor: number;
  /** How many bytes one tutor's images and test versions may take. */
  storagePerTutor: number;
  /** Uploaded banks: threads reading them, and each file's time budget. */
  bankReading: { threads: number; budgetMs: number };
  /** DATA_DIR/images: the folder kind of image store, and where images not yet moved from it are read. */
  imagesDir: string;
  /** Which kind of image store keeps the images' bytes. */
  imageStore: ImageStoreConfig;
  /** Told of each answer's outcome and each commit (the metrics, when on). */
  answerEvents?: AnswerEvents;
}

export default fp<ServicesOptions>(
  async (app: FastifyInstance, options) => {
    const versions = new LessonVersionStore(options.database.db);
    app.decorate('database', options.database);
    app.decorate('lessonVersions', versions);
    app.decorate('catalog', new Catalog(options.database.db, versions, options.now));
    const quota = new StorageQuota(
      options.database.db,
      options.storagePerTutor,
      options.database.dialect === 'postgres',
    );
    const blobs = openImageBlobs(options.imageStore, {
      db: options.database.db,
      folder: options.imagesDir,
      now: options.now,
    });
    const images = new ImageStore(options.database.db, { blobs, now: options.now, quota });
    app.decorate('images', images);
    if (options.imageStore.kind !== 'folder') {
      // Still served from this machine's folder, but no other machine has them: said at each start.
      app.addHook('onReady', async () => {
        void imagesLeftIn(options.imagesDir).then((left) => {
          if (left === 0) return;
          app.log.warn(
            { images: left, folder: options.imagesDir },
            `${left} images are still in the folder, which other machines cannot read: npm run images:move`,
          );
        });
      });
    }
    const waits = new LobbyWaits(options.database.db, app.jobs);
    app.decorate(
      'assignments',
      new Assignments(options.database.db, waits, {
        now: options.now,
        dialect: options.database.dialect,
        deadlinesMoved: (sessions) => app.sessions.forget(sessions),
      }),
    );
    const accommodations = new Accommodations(options.database.db, {
      now: options.now,
      rowLocks: options.database.dialect === 'postgres',
      deadlinesMoved: (sessions) => app.sessions.forget(sessions),
    });
    app.decorate('accommodations', accommodations);
    app.decorate(
      'assignmentTakers',
      new AssignmentTakers(options.database.db, waits, {
        now: options.now,
        accommodationOf: (ownerId, taker) => accommodations.forTaker(ownerId, taker),
      }),
    );
    app.decorate(
      'assignmentMonitor',
      new AssignmentMonitorReads(options.database.db, options.database.reads ?? options.database.db, {
        now: options.now,
        dialect: options.database.dialect,
      }),
    );
    const formulas = new FormulaChecker();
    app.decorate('formulas', formulas);
    const banks = new BankReader(options.bankReading);
    app.addHook('onClose', async () => Promise.all([formulas.close(), banks.close()]));
    app.decorate(
      'tutorTests',
      new TutorTests(options.database.db, {
        now: options.now,
        dialect: options.database.dialect,
        testsPerTutor: options.testsPerTutor,
        images,
        formulas,
        banks,
        quota,
      }),
    );
    const signals = new SessionSignals(
      options.database.db,
      versions,
      options.now,
      options.database.dialect === 'postgres',
    );
    app.decorate('signals', signals);
    app.decorate(
      'sessions',
      new OnlineSessions(options.database.db, versions, {
        signals,
        answerGraceMs: options.answerGraceMs,
        offlineGraceMs: options.offlineGraceMs,
        now: options.now,
        rowLocks: options.database.dialect === 'postgres',
        ...(options.answerEvents ? { events: options.answerEvents } : {}),
        scoreEvents: enqueueScores,
      }),
    );
    app.decorate(
      'assignmentResults',
      new AssignmentResultsService(options.database.db, versions, app.sessions, signals, enqueueScores),
    );
    app.decorate(
      'handMarking',
      new HandMarking(options.database.db, versions, {
        now: options.now,
        rowLocks: options.database.dialect === 'postgres',
        // A learner who came from a learning platform: each score change goes to its gradebook.
        scoreEvents: enqueueScores,
      }),
    );
    // Held lobby requests answer at once when the server stops.
    app.addHook('preClose', async () => waits.close());

    app.jobs.add({
      name: 'expired-sessions',
      schedule: { everyMs: SESSION_SWEEP_MS },
      run: async () => {
        const closed = await app.sessions.sweep();
        return closed ? { closed } : null;
      },
    });
    app.jobs.add({
      name: 'storage-sweep',
      schedule: { everyMs: STORAGE_SWEEP_MS },
      run: async () => ({
        ...(await sweepStorage(options.database.db, { blobs, now: options.now, dialect: options.database.dialect })),
      }),
    });
  },
  { name: 'services', dependencies: ['jobs'] },
);
