import type { FastifyInstance } from 'fastify';
import * as auth from '../../../contract/endpoints/auth.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { tooManyRequests } from '../../plugins/app/rate-limits.ts';
import { parseLogin, parseRegistration } from '../../services/accounts/account-validation.ts';
import { sessionUser } from '../../services/accounts/accounts.ts';
import { addressKey } from '../../services/platform/limit-keys.ts';
import { serve } from '../serve.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/**
 * Sign-ins for one account from one address: guessing from there stops for the window, while the
 * owner elsewhere is only slowed by the account's growing delays (services/accounts/login-backoff.ts).
 */
const LOGIN_PER_ADDRESS_AND_ACCOUNT = 10;
/** Sign-ups naming one e-mail address, from anywhere. */
const REGISTER_PER_ACCOUNT = 5;

/** Token renewals from one address in a minute. */
const REFRESH_PER_IP = 6000;

export default async function authRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  serve(app, auth.authConfig, {
    handle: async () => ({ google: app.hasGoogleSignIn }),
  });

  serve(app, auth.register, {
    limit: async (request) =>
      app.limit(request, [
        [`register:ip:${request.ip}`, app.limits.registerPerIp, HOUR],
        [`register:email:${addressKey(request.body)}`, REGISTER_PER_ACCOUNT, HOUR],
      ]),
    // The form's rules, with messages in the request's language (services/accounts/account-validation.ts).
    parseBody: (raw, request) => parseRegistration(raw, request.locale),
    handle: async ({ body }, request) => {
      const user = await app.accounts.create({ ...body, locale: request.locale });
      return { user: sessionUser(user, app.accounts.isLtiAdmin(user)) };
    },
  });

  serve(app, auth.login, {
    limit: async (request) =>
      app.limit(request, [
        [`login:ip:${request.ip}`, app.limits.loginPerIp, 10 * MINUTE],
        [`login:ip-email:${request.ip}:${addressKey(request.body)}`, LOGIN_PER_ADDRESS_AND_ACCOUNT, 10 * MINUTE],
      ]),
    parseBody: (raw, request) => parseLogin(raw, request.locale),
    handle: async ({ body }, request) => {
      const account = addressKey(body);
      const wait = await app.loginBackoff.attempt(account);
      if (wait > 0) throw tooManyRequests(request, wait);
      const user = await app.accounts.verifyLogin(body.email, body.password, request.locale);
      await app.loginBackoff.succeeded(account);
      return app.accounts.issueTokens(user);
    },
  });

  serve(app, auth.currentUser, {
    handle: async ({ caller }) => sessionUser(caller.user, app.accounts.isLtiAdmin(caller.user)),
  });

  // The language switcher, signed in: the account keeps the choice, so the next visit (and the
  // redirect to the user's own language) follows it.
  serve(app, auth.changeLocale, {
    handle: async ({ caller, body }) =>
      sessionUser(await app.accounts.setLocale(caller.user, body.locale), app.accounts.isLtiAdmin(caller.user)),
  });

  serve(app, auth.refresh, {
    // A refresh token is a secret nobody guesses: this only stops a flood, and a school's pupils
    // behind one address renew theirs around the same minutes.
    limit: async (request) => app.limit(request, [[`refresh:ip:${request.ip}`, REFRESH_PER_IP, MINUTE]]),
    handle: async ({ body }) => app.accounts.refresh(body.refresh_token),
  });

  serve(app, auth.logout, {
    handle: async ({ caller }) => {
      await app.accounts.revokeFamily(caller.family);
      return { ok: true as const };
    },
  });

  /** The link in the mail: confirms, then sends a browser on to the account page. */
  serve(app, auth.confirmEmail, {
    handle: async ({ query }, request, reply) => {
      const wantsJson = query.format === 'json' || request.headers.accept?.includes('application/json');
      try {
        const user = await app.accounts.confirmEmail(query.token);
        if (wantsJson) return { user: sessionUser(user, app.accounts.isLtiAdmin(user)) };
        return reply.redirect(`${publicUrl}/${sessionUser(user).locale}/account?email=confirmed`, 302);
      } catch (error) {
        if (wantsJson || !(error instanceof HttpError)) throw error;
        const outcome = error.statusCode === 409 ? 'already-confirmed' : 'invalid-link';
        return reply.redirect(`${publicUrl}/${request.locale}/account?email=${outcome}`, 302);
      }
    },
  });

  serve(app, auth.resendConfirmation, {
    handle: async ({ caller }, request) => {
      const { user } = caller;
      await app.limit(request, [
        [`resend:user:${user.id}`, 3, HOUR],
        [`resend:ip:${request.ip}`, 100, HOUR],
      ]);
      if (user.email_verified_at !== null) throw new HttpError(409, phrase('alreadyConfirmed'));
      await app.accounts.sendConfirmation(user);
      return { ok: true as const };
    },
  });
}
