/**
 * Accounts: registration, sign-in, access and refresh tokens, e-mail confirmation. Tokens are 256
 * random bits stored only as hashes; refresh tokens rotate, and a refresh token used twice revokes
 * its whole family (it was stolen, or the legitimate copy was).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isLocale, type Locale, type SessionUser, type TokenPair } from '../../../contract/index.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { message, phrase } from '../../i18n/messages.ts';
import { confirmationMail } from './account-mail.ts';
import type { Mailer } from './mailer.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';

const ACCESS_TTL_MS = 60 * 60 * 1000;
const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const EMAIL_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface AccountsOptions {
  now: () => number;
  publicUrl: string;
  mailer: Mailer;
  /** LTI_ADMINS: the e-mail keys of the accounts that keep learning platform registrations. */
  ltiAdmins?: readonly string[];
}

/** `ltiAdmin`: the account keeps learning platform registrations (Accounts.isLtiAdmin). */
export function sessionUser(user: UsersTable, ltiAdmin = false): SessionUser {
  return {
    ...(ltiAdmin ? { lti_admin: true } : {}),
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    role: user.role,
    locale: isLocale(user.locale) ? user.locale : 'en',
    email_verified: user.email_verified_at !== null,
  };
}

export const emailKey = (email: string) => email.trim().toLowerCase();

export interface NewUser {
  email: string;
  firstname: string;
  lastname: string;
  password: string | null;
  role: 'student' | 'tutor';
  locale: Locale;
  timezone: string;
  googleSubject?: string;
  emailVerified?: boolean;
}

export class Accounts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: AccountsOptions,
  ) {}

  async findByEmail(email: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('email_key', '=', emailKey(email)).executeTakeFirst();
  }

  async findById(id: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setLocale(user: UsersTable, locale: Locale): Promise<UsersTable> {
    await this.db.updateTable('users').set({ locale }).where('id', '=', user.id).execute();
    return { ...user, locale };
  }

  /** Creates the account and sends the confirmation mail (unless the provider vouched for the address). */
  async create(input: NewUser): Promise<UsersTable> {
    const user: UsersTable = {
      id: randomUUID(),
      email: input.email.trim(),
      email_key: emailKey(input.email),
      firstname: input.firstname.trim(),
      lastname: input.lastname.trim(),
      role: input.role,
      locale: input.locale,
      timezone: input.timezone,
      password_hash: input.password === null ? null : await hashPassword(input.password),
      email_verified_at: input.emailVerified ? this.options.now() : null,
      google_subject: input.googleSubject ?? null,
      created_at: this.options.now(),
    };
    try {
      await this.db.insertInto('users').values(user).execute();
    } catch (error) {
      // Two registrations of one address at the same moment: the unique key decides.
      if (await this.findByEmail(user.email)) {
        throw new HttpError(422, message('checkData', input.locale), { email: [message('emailTaken', input.locale)] });
      }
      throw error;
    }
    if (!user.email_verified_at) await this.sendConfirmation(user);
    return user;
  }

  async sendConfirmation(user: UsersTable): Promise<void> {
    const token = newToken();
    await this.db
      .insertInto('email_tokens')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        expires_at: this.options.now() + EMAIL_TOKEN_TTL_MS,
        used_at: null,
        created_at: this.options.now(),
      })
      .execute();
    const link = `${this.options.publicUrl}/v1/auth/confirm-email?token=${token}`;
    await this.options.mailer.send(confirmationMail(user, link));
  }

  /** Confirms the address once; a used, expired or unknown link is refused. */
  async confirmEmail(token: string): Promise<UsersTable> {
    const now = this.options.now();
    const row = await this.db
      .selectFrom('email_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || row.expires_at < now) throw new HttpError(404, phrase('confirmLinkInvalid'));
    if (row.used_at !== null) throw new HttpError(409, phrase('confirmLinkUsed'));
    const claimed = await this.db
      .updateTable('email_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', row.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new HttpError(409, phrase('confirmLinkUsed'));
    await this.db
      .updateTable('users')
      .set({ email_verified_at: now })
      .where('id', '=', row.user_id)
      .where('email_verified_at', 'is', null)
      .execute();
    return (await this.findById(row.user_id)) as UsersTable;
  }

  /**
   * Links an external identity whose provider vouches for this account's address. An account whose
   * address was never confirmed was made by someone with no proof that the address is theirs (its
   * owner, or anyone else): its password is removed and every sign-in of it ends, so that from now
   * on only the address's owner holds it. Its results stay with it.
   */
  async linkExternalIdentity(user: UsersTable, subject: string): Promise<UsersTable> {
    const now = this.options.now();
    const unconfirmed = user.email_verified_at === null;
    await this.db.transaction().execute(async (trx) => {
      if (unconfirmed) {
        await trx
          .updateTable('auth_tokens')
          .set({ revoked_at: now })
          .where('user_id', '=', user.id)
          .where('revoked_at', 'is', null)
          .execute();
        await trx.deleteFrom('email_tokens').where('user_id', '=', user.id).execute();
      }
      await trx
        .updateTable('users')
        .set({
          google_subject: subject,
          email_verified_at: user.email_verified_at ?? now,
          ...(unconfirmed ? { password_hash: null } : {}),
        })
        .where('id', '=', user.id)
        .execute();
    });
    return (await this.findById(user.id)) as UsersTable;
  }

  /** The same answer, and about the same time, for an unknown address and a wrong password. */
  async verifyLogin(email: string, password: string, locale: Locale): Promise<UsersTable> {
    const user = await this.findByEmail(email);
    const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
    if (!user?.password_hash || !ok) throw new HttpError(401, message('loginFailed', locale));
    return user;
  }

  async issueTokens(user: UsersTable, family: string = randomUUID()): Promise<TokenPair> {
    const now = this.options.now();
    const token = newToken();
    const refresh = newToken();
    const row = { user_id: user.id, family, used_at: null, revoked_at: null, created_at: now };
    await this.db
      .insertInto('auth_tokens')
      .values([
        { ...row, token_hash: hashToken(token), kind: 'access', expires_at: now + ACCESS_TTL_MS },
        { ...row, token_hash: hashToken(refresh), kind: 'refresh', expires_at: now + REFRESH_TTL_MS },
      ])
      .execute();
    return {
      token,
      refresh_token: refresh,
      expires_at: now + ACCESS_TTL_MS,
      refresh_expires_at: now + REFRESH_TTL_MS,
      user: sessionUser(user, this.isLtiAdmin(user)),
    };
  }

  /**
   * Whether the account keeps learning platform registrations: a tutor's that LTI_ADMINS names by the
   * address it registered with (its own key), never an address a platform asserted (an LTI account).
   */
  isLtiAdmin(user: Pick<UsersTable, 'role' | 'email_key'>): boolean {
    return (
      user.role === 'tutor' &&
      !user.email_key.startsWith('lti:') &&
      (this.options.ltiAdmins ?? []).includes(user.email_key)
    );
  }

  /** The user behind a live access token, or null (unknown, expired or revoked). */
  async userForToken(token: string): Promise<{ user: UsersTable; family: string } | null> {
    const row = await this.db
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .selectAll('users')
      .select(['auth_tokens.family', 'auth_tokens.expires_at as token_expires', 'auth_tokens.revoked_at'])
      .where('auth_tokens.token_hash', '=', hashToken(token))
      .where('auth_tokens.kind', '=', 'access')
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.token_expires <= this.options.now()) return null;
    const { family, token_expires: _e, revoked_at: _r, ...user } = row;
    return { user, family };
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = this.options.now();
    const row = await this.db
      .selectFrom('auth_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(refreshToken))
      .where('kind', '=', 'refresh')
      .executeTakeFirst();
    const invalid = new HttpError(401, phrase('refreshInvalid'));
    if (!row || row.revoked_at !== null || row.expires_at <= now) throw invalid;
    if (row.used_at !== null) {
      await this.revokeFamily(row.family);
      throw invalid;
    }
    const claimed = await this.db
      .updateTable('auth_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', row.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      await this.revokeFamily(row.family);
      throw invalid;
    }
    const user = await this.findById(row.user_id);
    if (!user) throw invalid;
    return this.issueTokens(user, row.family);
  }

  async revokeFamily(family: string): Promise<void> {
    await this.db
      .updateTable('auth_tokens')
      .set({ revoked_at: this.options.now() })
      .where('family', '=', family)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
