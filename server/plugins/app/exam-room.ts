/** Exam-room controls: the tutor's messages, pause and extra time for everyone (services/assignments/exam-room.ts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ExamRoom } from '../../services/assignments/exam-room.ts';
import { TakerControls } from '../../services/assignments/taker-controls.ts';

declare module 'fastify' {
  interface FastifyInstance {
    examRoom: ExamRoom;
    takerControls: TakerControls;
  }
}

export default fp<{ now: () => number }>(
  async (app: FastifyInstance, options) => {
    const controls = new TakerControls(app.database.db, options.now);
    app.decorate('takerControls', controls);
    app.decorate(
      'examRoom',
      new ExamRoom(app.database.db, {
        now: options.now,
        deadlinesMoved: (sessions) => app.sessions.forget(sessions),
        changed: (assignmentId) => controls.forget(assignmentId),
      }),
    );
  },
  { name: 'exam-room', dependencies: ['services'] },
);
