/**
 * JSON nested thousands of levels deep fits in the body limit but overflows the stack of anything
 * recursive that later reads it (the validator's messages among them). No request of the API nests
 * deeper than a few levels, so such a body is refused before any route sees it.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../http-error.ts';

const MAX_BODY_DEPTH = 16;

/** Depth of a parsed JSON value, counted without recursion; stops counting past the limit. */
function depthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (request.body !== undefined && depthExceeds(request.body, MAX_BODY_DEPTH)) {
        throw new HttpError(400, 'The request body is nested too deeply');
      }
    });
  },
  { name: 'body-depth' },
);
