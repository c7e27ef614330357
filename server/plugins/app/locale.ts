import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LANGUAGE_HEADER, type Locale, pickLocale } from '../../../contract/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The content language asked for in `application-language` (fallback en). */
    locale: Locale;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', 'en');
    // A plain callback, not an async hook: no promise to make and await on every request.
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers[LANGUAGE_HEADER];
      request.locale = pickLocale(Array.isArray(header) ? header[0] : header);
      done();
    });
  },
  { name: 'locale' },
);
