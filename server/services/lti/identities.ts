/**
 * The Zalik account a platform's user is: tied to (issuer, `sub`), made on the first launch from the
 * claims given (names, the e-mail when sent). Never joined to an existing account by e-mail alone: an
 * address a platform asserts proves nothing to Zalik, so an LTI account's sign-in key is its own
 * (`lti:` and a hash of issuer and subject), and the password sign-in never finds it.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { EMAIL } from '../../../contract/auth.ts';
import { isLocale, type Locale } from '../../../contract/locale.ts';
import { toLine } from '../../../contract/text.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { LTI } from './id-token.ts';

const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership';
/** Context roles that make a course's teacher (LIS v2; the short forms of LTI 1.1 too). */
const TEACHING = new Set(
  ['Instructor', 'ContentDeveloper', 'Administrator', 'Mentor'].flatMap((r) => [r, `${MEMBERSHIP}#${r}`]),
);

/** `tutor` for a course's teacher (an instructor or one of its sub-roles, a content developer, an administrator). */
export function launchRole(roles: readonly string[]): 'student' | 'tutor' {
  return roles.some((role) => TEACHING.has(role) || role.startsWith(`${MEMBERSHIP}/Instructor#`)) ? 'tutor' : 'student';
}

/** The launch's language, when it names one Zalik has (`launch_presentation.locale`: "uk", "pl-PL", "en_US"). */
export function launchLocale(claims: Record<string, unknown>): Locale | null {
  const presentation = claims[`${LTI}launch_presentation`] as { locale?: unknown } | undefined;
  const code = typeof presentation?.locale === 'string' ? presentation.locale.slice(0, 2).toLowerCase() : '';
  return isLocale(code) ? code : null;
}

const nameOf = (value: unknown): string => (typeof value === 'string' ? toLine(value).trim().slice(0, 100) : '');

export class LtiIdentities {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  async find(issuer: string, subject: string): Promise<UsersTable | undefined> {
    return this.db
      .selectFrom('lti_identities')
      .innerJoin('users', 'users.id', 'lti_identities.user_id')
      .selectAll('users')
      .where('lti_identities.issuer', '=', issuer)
      .where('lti_identities.subject', '=', subject)
      .executeTakeFirst();
  }

  /** The account, made now when this is the user's first launch; `role` is the first launch's. */
  async accountFor(
    issuer: string,
    claims: Record<string, unknown> & { sub: string },
    role: 'student' | 'tutor',
    locale: Locale,
  ): Promise<UsersTable> {
    const known = await this.find(issuer, claims.sub);
    if (known) return known;
    const email = typeof claims.email === 'string' && EMAIL.test(claims.email.trim()) ? claims.email.trim() : '';
    const given = nameOf(claims.given_name);
    const family = nameOf(claims.family_name);
    const whole = nameOf(claims.name);
    const now = this.now();
    const user: UsersTable = {
      id: randomUUID(),
      email: email.slice(0, 254),
      email_key: `lti:${createHash('sha256').update(`${issuer}#${claims.sub}`).digest('hex')}`,
      // A platform that keeps names private still sends the subject: the tutor sees that, not nothing.
      firstname: given || whole || email.split('@')[0] || nameOf(claims.sub).slice(0, 40),
      lastname: given ? family : '',
      role,
      locale,
      timezone: 'UTC',
      password_hash: null,
      // The platform vouches for the address it sends; with none, there is nothing to confirm.
      email_verified_at: email ? now : null,
      google_subject: null,
      created_at: now,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(user).execute();
        await trx
          .insertInto('lti_identities')
          .values({ issuer, subject: claims.sub, user_id: user.id, created_at: now })
          .execute();
      });
    } catch (error) {
      // Two first launches of one user at once (two tabs): the first made the account; both use it.
      const made = await this.find(issuer, claims.sub);
      if (made) return made;
      throw error;
    }
    return user;
  }
}
