/**
 * The text rule (contract/text.ts) on every request, before any route reads it: every string and
 * every key of the query, the path parameters and the JSON body must be well-formed Unicode without
 * control characters (line breaks and tabs aside; single-line fields refuse those in their structs).
 * One hook, so that no route can forget it; a refusal is a 422 naming the field, and nothing is read
 * from or written to the database first.
 *
 * A query whose percent-encoding does not decode to UTF-8 is a malformed URL (400): decoders would
 * otherwise turn its bytes into U+FFFD and let it pass as some other text. A JSON array body is a
 * batch of answers, each accepted or refused on its own: its items meet the same rule one by one in
 * `parseInput` (http-error.ts), so that one bad answer does not cost the others.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { textProblemsIn } from '../../../contract/text.ts';
import { HttpError } from '../../http-error.ts';
import { message, textProblemMessage } from '../../i18n/messages.ts';

/** Whether every `name=value` of the URL's query is valid percent-encoded UTF-8. */
function queryDecodes(url: string): boolean {
  const start = url.indexOf('?');
  // Only a percent sign can start a sequence that does not decode.
  if (start < 0 || url.indexOf('%', start) < 0) return true;
  for (const part of url.slice(start + 1).split('&')) {
    try {
      decodeURIComponent(part);
    } catch {
      return false;
    }
  }
  return true;
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (!queryDecodes(request.url)) throw new HttpError(400, 'The request URL is not valid');
      const body = Array.isArray(request.body) ? undefined : request.body;
      const errors = new Map<string, string[]>();
      for (const part of [request.query, request.params, body]) {
        if (part === undefined) continue;
        for (const { field, problem } of textProblemsIn(part)) {
          errors.set(field, [textProblemMessage(problem, request.locale)]);
        }
      }
      if (errors.size) throw new HttpError(422, message('checkData', request.locale), Object.fromEntries(errors));
    });
  },
  // After body-depth: a body nested too deeply is refused before it is walked.
  { name: 'text-rule', dependencies: ['locale', 'body-depth'] },
);
