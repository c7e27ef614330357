/**
 * What Zalik holds about one account, as its owner downloads it, and the account's deletion
 * (docs/privacy.md). Deleting leaves no row that names the person: the account and its sign-ins,
 * links to learning platforms, accommodations kept for it (by account or by its address), lobby
 * places, and — as the operator set (DELETED_ACCOUNT_ATTEMPTS) — its attempts kept without a name
 * or removed. A tutor's own tests and assignments go with them, with the attempts taken in them.
 */
import type { Kysely } from 'kysely';
import type { Locale } from '../../../contract/locale.ts';
import type { DeletedAccount, PersonalDataExport } from '../../../contract/personal-data.ts';
import type { PrivacyConfig } from '../../config-privacy.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { emailKey } from '../accounts/accounts.ts';
import type { Receipts } from '../receipts/receipts.ts';
import { anonymiseAttempts, removeAttempts } from '../sessions/remove-attempts.ts';
import { exportedAttempts } from './exported-attempts.ts';

export class PersonalData {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { now: () => number; privacy: PrivacyConfig; receipts: Receipts },
  ) {}

  async export(user: UsersTable, locale: Locale): Promise<PersonalDataExport> {
    const db = this.db;
    const attempts = await exportedAttempts(db, this.options.receipts, user.id, locale);
    const tokens = await db
      .selectFrom('auth_tokens')
      .select((eb) => [
        'family',
        eb.fn.min<number>('created_at').as('started_at'),
        eb.fn.max<number>('created_at').as('last_used_at'),
        eb.fn.max<number>('expires_at').as('expires_at'),
        eb.fn.count<number>('revoked_at').as('revoked'),
      ])
      .where('user_id', '=', user.id)
      .groupBy('family')
      .orderBy('started_at')
      .execute();
    const now = this.options.now();
    const accommodations = await db
      .selectFrom('accommodations')
      .innerJoin('users as tutor', 'tutor.id', 'accommodations.owner_id')
      .select(['tutor.firstname', 'tutor.lastname', 'accommodations.detail', 'accommodations.updated_at'])
      .where((eb) =>
        eb.or([eb('accommodations.user_id', '=', user.id), eb('accommodations.email_key', '=', emailKey(user.email))]),
      )
      .execute();
    return {
      exported_at: now,
      account: {
        id: user.id,
        email: user.email,
        firstname: user.firstname,
        lastname: user.lastname,
        role: user.role,
        locale: user.locale,
        timezone: user.timezone,
        created_at: Number(user.created_at),
        email_verified_at: user.email_verified_at === null ? null : Number(user.email_verified_at),
        has_password: user.password_hash !== null,
        google_linked: user.google_subject !== null,
      },
      sign_ins: tokens.map((f) => ({
        started_at: Number(f.started_at),
        last_used_at: Number(f.last_used_at),
        active: Number(f.revoked) === 0 && Number(f.expires_at) > now,
      })),
      learning_platforms: (
        await db
          .selectFrom('lti_identities')
          .select(['issuer', 'subject', 'created_at'])
          .where('user_id', '=', user.id)
          .execute()
      ).map((i) => ({ issuer: i.issuer, subject: i.subject, linked_at: Number(i.created_at) })),
      attempts,
      lobby_places: (
        await db
          .selectFrom('assignment_lobby')
          .innerJoin('assignments', 'assignments.id', 'assignment_lobby.assignment_id')
          .select(['assignments.code', 'assignment_lobby.name', 'assignment_lobby.arrived_at'])
          .where('assignment_lobby.user_id', '=', user.id)
          .orderBy('assignment_lobby.arrived_at')
          .execute()
      ).map((l) => ({ assignment_code: l.code, name: l.name, arrived_at: Number(l.arrived_at) })),
      accommodations: accommodations.map((a) => ({
        tutor: `${a.firstname} ${a.lastname}`.trim(),
        detail: JSON.parse(a.detail),
        updated_at: Number(a.updated_at),
      })),
      tests: (
        await db
          .selectFrom('tutor_tests')
          .select(['id', 'draft', 'status', 'created_at', 'updated_at'])
          .where('owner_id', '=', user.id)
          .execute()
      ).map((t) => ({
        id: t.id,
        title: (JSON.parse(t.draft) as { title?: unknown }).title ?? null,
        status: t.status,
        created_at: Number(t.created_at),
        updated_at: Number(t.updated_at),
      })),
      assignments: (
        await db
          .selectFrom('assignments')
          .select(['id', 'code', 'created_at', 'closed_at'])
          .where('owner_id', '=', user.id)
          .execute()
      ).map((a) => ({
        id: a.id,
        code: a.code,
        created_at: Number(a.created_at),
        closed_at: a.closed_at === null ? null : Number(a.closed_at),
      })),
      images: (
        await db
          .selectFrom('images')
          .select(['id', 'type', 'bytes', 'created_at'])
          .where('uploaded_by', '=', user.id)
          .execute()
      ).map((i) => ({ id: i.id, type: i.type, bytes: Number(i.bytes), created_at: Number(i.created_at) })),
    };
  }

  async deleteAccount(user: UsersTable): Promise<DeletedAccount> {
    const mode = this.options.privacy.deletedAccountAttempts;
    return this.db.transaction().execute(async (trx) => {
      // The account's row first, by a write that holds while it is there: of deletions sent at once
      // the others wait for it (PostgreSQL's row lock), then find it gone and change nothing.
      const there = await trx.updateTable('users').set({ id: user.id }).where('id', '=', user.id).executeTakeFirst();
      if (Number(there.numUpdatedRows) === 0) throw new HttpError(409, phrase('accountDeletedAlready'));
      // A tutor's tests and assignments go, and every attempt taken in them (their own takers' too).
      const owned = await trx.selectFrom('lessons').select('id').where('owner_id', '=', user.id).execute();
      const ownedLessons = owned.map((l) => l.id);
      const inTheirs = await trx
        .selectFrom('online_sessions')
        .select('uuid')
        .where((eb) =>
          eb.or([
            eb('assignment_id', 'in', eb.selectFrom('assignments').select('id').where('owner_id', '=', user.id)),
            ...(ownedLessons.length ? [eb('lesson_id', 'in', ownedLessons)] : []),
          ]),
        )
        .execute();
      await removeAttempts(
        trx,
        inTheirs.map((s) => s.uuid),
      );
      const own = (await trx.selectFrom('online_sessions').select('uuid').where('user_id', '=', user.id).execute()).map(
        (s) => s.uuid,
      );
      if (mode === 'remove') await removeAttempts(trx, own);
      else await anonymiseAttempts(trx, own);

      const theirAssignments = trx.selectFrom('assignments').select('id').where('owner_id', '=', user.id);
      await trx.deleteFrom('assignment_lobby').where('assignment_id', 'in', theirAssignments).execute();
      await trx.deleteFrom('assignment_changes').where('assignment_id', 'in', theirAssignments).execute();
      await trx.deleteFrom('lti_scores').where('assignment_id', 'in', theirAssignments).execute();
      await trx.deleteFrom('lti_links').where('assignment_id', 'in', theirAssignments).execute();
      await trx.deleteFrom('assignments').where('owner_id', '=', user.id).execute();
      await trx.deleteFrom('tutor_tests').where('owner_id', '=', user.id).execute();
      if (ownedLessons.length) {
        await trx.deleteFrom('lesson_versions').where('lesson_id', 'in', ownedLessons).execute();
        await trx.deleteFrom('lessons').where('id', 'in', ownedLessons).execute();
      }

      await trx.deleteFrom('assignment_lobby').where('user_id', '=', user.id).execute();
      await trx
        .deleteFrom('accommodations')
        .where((eb) =>
          eb.or([
            eb('owner_id', '=', user.id),
            eb('user_id', '=', user.id),
            eb('email_key', '=', emailKey(user.email)),
          ]),
        )
        .execute();
      await trx.deleteFrom('lti_scores').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('lti_identities').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('lti_handoffs').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('lti_deep_links').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('lti_registration_links').where('created_by', '=', user.id).execute();
      await trx.updateTable('lti_platforms').set({ created_by: null }).where('created_by', '=', user.id).execute();
      // Images are shared by their bytes' hash: they stay while a test uses them, without their sender.
      await trx.updateTable('images').set({ uploaded_by: null }).where('uploaded_by', '=', user.id).execute();
      await trx.deleteFrom('auth_tokens').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('email_tokens').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('users').where('id', '=', user.id).execute();
      return {
        ok: true as const,
        attempts: mode === 'remove' ? ('removed' as const) : ('anonymised' as const),
        count: own.length,
      };
    });
  }
}
