import type { FastifyInstance } from 'fastify';
import { record, size, string } from 'superstruct';
import { GoogleStartQuery } from '../../../contract/index.ts';
import { HttpError, parseInput } from '../../http-error.ts';
import type { GoogleSignIn } from '../../services/google-sign-in.ts';

const CallbackQuery = record(size(string(), 1, 40), size(string(), 0, 4000));

/** `GET /v1/login/google` and its callback; 404 when no provider is configured. */
export default async function googleRoutes(app: FastifyInstance, { google }: { google: GoogleSignIn | null }) {
  function provider(): GoogleSignIn {
    if (!google) throw new HttpError(404, 'Sign-in with an external provider is not configured on this server');
    return google;
  }

  app.get('/google', async (request) => {
    const query = parseInput(GoogleStartQuery, request.query, 'query');
    await app.limit(request, [[`google:ip:${request.ip}`, 300, 10 * 60_000]]);
    const redirect = await provider().start(query.role ?? 'student', query.locale ?? request.locale);
    return { data: { redirect } };
  });

  app.get('/google/callback', async (request) => {
    const query = parseInput(CallbackQuery, request.query, 'query');
    return { data: await provider().callback(query) };
  });
}
