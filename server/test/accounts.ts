/** Accounts for server tests: one way to make a user, sign them in, or fill a registration form. */
import type { FastifyInstance } from 'fastify';
import type { UsersTable } from '../db/schema.ts';
import type { NewUser } from '../services/accounts/accounts.ts';

export const TEST_PASSWORD = 'sunflower-42';

/** A user straight in the database (unconfirmed unless `emailVerified`), with the test password. */
export function makeUser(app: FastifyInstance, user: Partial<NewUser> & Pick<NewUser, 'email'>): Promise<UsersTable> {
  return app.accounts.create({
    firstname: 'Olena',
    lastname: 'Koval',
    password: TEST_PASSWORD,
    role: 'student',
    locale: 'en',
    timezone: 'Europe/Kyiv',
    ...user,
  });
}

/** A user and their access and refresh tokens. */
export async function signedInUser(app: FastifyInstance, user: Partial<NewUser> & Pick<NewUser, 'email'>) {
  const made = await makeUser(app, user);
  return { ...(await app.accounts.issueTokens(made)), user: made };
}

/** A registration form as the app sends it, filled in and valid. */
export const REGISTRATION = {
  accept_policy: 1,
  email: 'olena@example.com',
  firstname: 'Olena',
  lastname: 'Koval',
  password: TEST_PASSWORD,
  password_confirmation: TEST_PASSWORD,
  role: 'student',
  timezone: 'Europe/Kyiv',
};
