import type { FastifyInstance } from 'fastify';
import { requireOwned } from '../../services/assignments/assignment-rows.ts';

/**
 * `serve`'s `owned` for a tutor's route that names an assignment (`:id`) and takes a body: another
 * tutor's assignment reads as not found before the body is read, whatever was sent with it.
 */
export const ownedAssignment =
  (app: FastifyInstance) =>
  ({ params, caller }: { params: { id: string }; caller: { user: { id: string } } }) =>
    requireOwned(app.database.db, caller.user.id, params.id);
