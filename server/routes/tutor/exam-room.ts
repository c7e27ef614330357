import type { FastifyInstance } from 'fastify';
import * as room from '../../../contract/endpoints/exam-room.ts';
import { serve } from '../serve.ts';
import { ownedAssignment } from './owned-assignment.ts';

/** The exam room: a tutor's messages to takers, pause and resume, extra time for everyone. */
export default async function examRoomRoutes(app: FastifyInstance) {
  const owned = ownedAssignment(app);

  serve(app, room.sendMessage, {
    owned,
    handle: async ({ caller, params, body }) => app.examRoom.send(caller.user, params.id, body),
  });

  serve(app, room.messages, {
    handle: async ({ caller, params }) => app.examRoom.list(caller.user, params.id),
  });

  serve(app, room.pauseAssignment, {
    handle: async ({ caller, params }, request) => {
      await app.examRoom.pause(caller.user, params.id);
      return app.assignments.get(caller.user.id, params.id, request.locale);
    },
  });

  serve(app, room.resumeAssignment, {
    handle: async ({ caller, params }, request) => {
      await app.examRoom.resume(caller.user, params.id);
      return app.assignments.get(caller.user.id, params.id, request.locale);
    },
  });

  serve(app, room.everyoneExtraTime, {
    owned,
    handle: async ({ caller, params, body }) => ({
      attempts: await app.examRoom.extraTimeForAll(caller.user, params.id, body.minutes, body.reason),
      minutes: body.minutes,
    }),
  });
}
