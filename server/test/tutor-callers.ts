/**
 * The three callers of tutors' routes in server tests: a tutor, another tutor and a student, each
 * signed in, and one way to call the app as one of them (or as nobody) in a language.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { UsersTable } from '../db/schema.ts';
import { signedInUser } from './accounts.ts';

export type Who = 'tutor' | 'otherTutor' | 'student';

export interface Callers {
  users: Record<Who, UsersTable>;
  tokens: Record<Who, string>;
  /** Calls the app as `who` (null: nobody signed in), asking for answers in `language`. */
  call(who: Who | null, options: InjectOptions & { language?: string }): Promise<LightMyRequestResponse>;
}

export async function tutorCallers(app: FastifyInstance): Promise<Callers> {
  const users = {} as Record<Who, UsersTable>;
  const tokens = {} as Record<Who, string>;
  for (const [who, role] of [
    ['tutor', 'tutor'],
    ['otherTutor', 'tutor'],
    ['student', 'student'],
  ] as const) {
    const signed = await signedInUser(app, { email: `${who}@example.com`, role, emailVerified: true });
    users[who] = signed.user;
    tokens[who] = signed.token;
  }
  return {
    users,
    tokens,
    call(who, { language, ...options }) {
      return app.inject({
        ...options,
        headers: {
          ...options.headers,
          ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
          ...(language ? { 'application-language': language } : {}),
        },
      });
    },
  };
}
