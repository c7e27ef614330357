import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object, optional, size, string } from 'superstruct';
import { LocaleChange, RefreshRequest } from '../../../contract/index.ts';
import { HttpError, parseInput } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { tooManyRequests } from '../../plugins/app/rate-limits.ts';
import { parseLogin, parseRegistration } from '../../services/account-validation.ts';
import { sessionUser } from '../../services/accounts.ts';
import { addressKey } from '../../services/limit-keys.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Calls that take nothing refuse anything, like the rest of the API: a stray field is a client bug. */
const NoQuery = object({});
const NoBody = object({});
const ConfirmQuery = object({ token: size(string(), 1, 200), format: optional(string()) });
/**
 * Sign-ins for one account from one address: guessing from there stops for the window, while the
 * owner elsewhere is only slowed by the account's growing delays (services/login-backoff.ts).
 */
export const LOGIN_PER_ADDRESS_AND_ACCOUNT = 10;
/** Sign-ups naming one e-mail address, from anywhere. */
export const REGISTER_PER_ACCOUNT = 5;

export default async function authRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  app.get('/config', async (request) => {
    parseInput(NoQuery, request.query, 'query');
    return { data: { google: app.hasGoogleSignIn } };
  });

  app.post('/register', async (request, reply) => {
    parseInput(NoQuery, request.query, 'query');
    await app.limit(request, [
      [`register:ip:${request.ip}`, app.limits.registerPerIp, HOUR],
      [`register:email:${addressKey(request.body)}`, REGISTER_PER_ACCOUNT, HOUR],
    ]);
    const input = parseRegistration(request.body, request.locale);
    const user = await app.accounts.create({ ...input, locale: request.locale });
    return reply.status(201).send({ data: { user: sessionUser(user) } });
  });

  app.post('/login', async (request) => {
    parseInput(NoQuery, request.query, 'query');
    const account = addressKey(request.body);
    await app.limit(request, [
      [`login:ip:${request.ip}`, app.limits.loginPerIp, 10 * MINUTE],
      [`login:ip-email:${request.ip}:${account}`, LOGIN_PER_ADDRESS_AND_ACCOUNT, 10 * MINUTE],
    ]);
    const { email, password } = parseLogin(request.body, request.locale);
    const wait = await app.loginBackoff.attempt(account);
    if (wait > 0) throw tooManyRequests(request, wait);
    const user = await app.accounts.verifyLogin(email, password, request.locale);
    await app.loginBackoff.succeeded(account);
    return { data: await app.accounts.issueTokens(user) };
  });

  app.get('/session', async (request) => {
    parseInput(NoQuery, request.query, 'query');
    const { user } = await app.requireUser(request);
    return { data: sessionUser(user) };
  });

  // The language switcher, signed in: the account keeps the choice, so the next visit (and the
  // redirect to the user's language, spec section 4) follows it.
  app.patch('/session', async (request) => {
    parseInput(NoQuery, request.query, 'query');
    const { user } = await app.requireUser(request);
    const { locale } = parseInput(LocaleChange, request.body, 'request body');
    return { data: sessionUser(await app.accounts.setLocale(user, locale)) };
  });

  app.post('/refresh', async (request) => {
    parseInput(NoQuery, request.query, 'query');
    await app.limit(request, [[`refresh:ip:${request.ip}`, 600, MINUTE]]);
    const body = parseInput(RefreshRequest, request.body, 'request body');
    return { data: await app.accounts.refresh(body.refresh_token) };
  });

  app.post('/logout', async (request) => {
    parseInput(NoQuery, request.query, 'query');
    parseInput(NoBody, request.body, 'request body');
    const { family } = await app.requireUser(request);
    await app.accounts.revokeFamily(family);
    return { data: { ok: true } };
  });

  /** The link in the mail: confirms, then sends a browser on to the account page. */
  app.get('/confirm-email', async (request: FastifyRequest, reply) => {
    const query = parseInput(ConfirmQuery, request.query, 'query');
    const wantsJson = query.format === 'json' || request.headers.accept?.includes('application/json');
    try {
      const user = await app.accounts.confirmEmail(query.token);
      if (wantsJson) return { data: { user: sessionUser(user) } };
      return reply.redirect(`${publicUrl}/${sessionUser(user).locale}/account?email=confirmed`, 302);
    } catch (error) {
      if (wantsJson || !(error instanceof HttpError)) throw error;
      const outcome = error.statusCode === 409 ? 'already-confirmed' : 'invalid-link';
      return reply.redirect(`${publicUrl}/${request.locale}/account?email=${outcome}`, 302);
    }
  });

  app.post('/resend-confirmation', async (request) => {
    parseInput(NoQuery, request.query, 'query');
    parseInput(NoBody, request.body, 'request body');
    const { user } = await app.requireUser(request);
    await app.limit(request, [
      [`resend:user:${user.id}`, 3, HOUR],
      [`resend:ip:${request.ip}`, 100, HOUR],
    ]);
    if (user.email_verified_at !== null) throw new HttpError(409, phrase('alreadyConfirmed'));
    await app.accounts.sendConfirmation(user);
    return { data: { ok: true } };
  });
}
