/**
 * JSON bodies. Many HTTP clients send `content-type: application/json` with an empty body on a call
 * that takes none (a sign-out, a finish with its token in the query): that is no body, read as an
 * empty object by the routes, not a 400. Anything else is parsed by Fastify's own JSON parser, which
 * refuses `__proto__` and `constructor.prototype` keys.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if ((body as string).trim() === '') return done(null, undefined);
      parseJson(request, body as string, done);
    });
  },
  { name: 'json-body' },
);
