/** Accounts and mail, and the helpers routes use to know who is asking. */
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { UsersTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { message } from '../../i18n/messages.ts';
import { Accounts } from '../../services/accounts/accounts.ts';
import { createMailer, type Mailer } from '../../services/accounts/mailer.ts';

export interface Caller {
  user: UsersTable;
  family: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
    mailer: Mailer;
    /** The signed-in caller, or a 401. */
    requireUser(request: FastifyRequest): Promise<Caller>;
    /** The signed-in caller, or null when no token was sent; a bad token is still a 401. */
    optionalUser(request: FastifyRequest): Promise<Caller | null>;
    /** The signed-in caller when a tutor; a 401 without a valid token, a 403 for a student. */
    requireTutor(request: FastifyRequest): Promise<Caller>;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

export default fp<{ config: Config; now: () => number; mailer?: Mailer }>(
  async (app: FastifyInstance, { config, now, mailer }) => {
    const mail =
      mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        mailDir: join(config.dataDir, 'mail'),
        log: app.log,
      });
    app.decorate('mailer', mail);
    app.decorate(
      'accounts',
      new Accounts(app.database.db, { now, publicUrl: config.publicUrl, mailer: mail, ltiAdmins: config.ltiAdmins }),
    );

    async function caller(request: FastifyRequest): Promise<Caller | null> {
      const token = bearer(request);
      if (token === null) return null;
      const found = token ? await app.accounts.userForToken(token) : null;
      if (!found) throw new HttpError(401, message('signInRequired', request.locale));
      return found;
    }
    app.decorate('optionalUser', caller);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const found = await caller(request);
      if (!found) throw new HttpError(401, message('signInRequired', request.locale));
      return found;
    });
    app.decorate('requireTutor', async (request: FastifyRequest) => {
      const found = await app.requireUser(request);
      if (found.user.role !== 'tutor') throw new HttpError(403, message('tutorsOnly', request.locale));
      return found;
    });
  },
  { name: 'auth', dependencies: ['services', 'rate-limits'] },
);
