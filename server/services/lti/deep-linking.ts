/**
 * LTI Deep Linking 2.0: a teacher's "add an activity" in their platform. The request is kept (two
 * hours, for the teacher's account only) while they choose one of their tests and the assignment's
 * rules; Zalik then makes the assignment, links it to the platform, deployment and course, and
 * answers with a JWT signed by the tool's key: one `ltiResourceLink` content item with the title,
 * the launch address, the assignment in a custom parameter, a line item (the most an attempt can
 * score, the title as label) and a window of its own, so that offline taking gets its own storage.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { CreateAssignmentRequest } from '../../../contract/assignments.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { DeepLinkAnswer, DeepLinkRequest } from '../../../contract/lti.ts';
import type { Database } from '../../db/schema.ts';
import type { LtiPlatformsTable } from '../../db/schema-lti.ts';
import { HttpError } from '../../http-error.ts';
import { message } from '../../i18n/messages.ts';
import { currentVersionId } from '../assignments/assignment-rows.ts';
import type { Assignments } from '../assignments/assignments.ts';
import type { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { type CheckedLaunch, LTI, LTI_DL } from './id-token.ts';
import { type ToolOptions, toolUrls } from './platforms.ts';
import type { ToolKeys } from './tool-keys.ts';

export const DEEP_LINK_TTL_MS = 2 * 3_600_000;
const ANSWER_LIFETIME_S = 600;

export class LtiDeepLinking {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly keys: ToolKeys,
    private readonly assignments: Assignments,
    private readonly versions: LessonVersionStore,
    private readonly options: ToolOptions,
  ) {}

  /** Keeps a checked deep linking request for its teacher; the id the app's page opens. */
  async begin(platformId: string, launch: CheckedLaunch, userId: string): Promise<string> {
    const settings = launch.claims[`${LTI_DL}deep_linking_settings`] as {
      deep_link_return_url: string;
      data?: unknown;
    };
    const context = launch.claims[`${LTI}context`] as { id?: unknown; title?: unknown } | undefined;
    const text = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 255) : null);
    const id = randomUUID();
    const now = this.options.now();
    await this.db.deleteFrom('lti_deep_links').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('lti_deep_links')
      .values({
        id,
        user_id: userId,
        platform_id: platformId,
        deployment_id: launch.deploymentId,
        context_id: text(context?.id),
        context_title: text(context?.title),
        return_url: settings.deep_link_return_url,
        data: typeof settings.data === 'string' ? settings.data.slice(0, 4096) : null,
        expires_at: now + DEEP_LINK_TTL_MS,
        used_at: null,
      })
      .execute();
    return id;
  }

  async get(userId: string, id: string, locale: Locale): Promise<DeepLinkRequest> {
    const { row, platform } = await this.open(userId, id, locale);
    return { id: row.id, platform: platform.name, course: row.context_title, expires_at: Number(row.expires_at) };
  }

  /** Makes the assignment and the signed answer; once per request. */
  async complete(
    userId: string,
    id: string,
    request: CreateAssignmentRequest,
    locale: Locale,
  ): Promise<DeepLinkAnswer> {
    const { row, platform } = await this.open(userId, id, locale);
    const now = this.options.now();
    const claimed = await this.db
      .updateTable('lti_deep_links')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new HttpError(409, message('ltiDeepLinkUsed', locale));
    try {
      const made = await this.assignments.create(userId, locale, request);
      await this.db
        .insertInto('lti_links')
        .values({
          assignment_id: made.id,
          platform_id: platform.id,
          deployment_id: row.deployment_id,
          context_id: row.context_id,
          context_title: row.context_title,
          created_at: now,
        })
        .execute();
      const scoreMaximum = (await this.versions.get(await currentVersionId(this.db, made.id))).maxScore;
      const { opens_at, closes_at } = made.rules;
      const item = {
        type: 'ltiResourceLink',
        title: made.title,
        url: toolUrls(this.options.publicUrl).launch_url,
        custom: { zalik_assignment: made.id },
        window: { targetName: `zalik-${made.id}` },
        lineItem: { scoreMaximum, label: made.title, resourceId: made.id, tag: 'zalik' },
        ...(opens_at !== null || closes_at !== null
          ? {
              available: {
                ...(opens_at !== null ? { startDateTime: new Date(opens_at).toISOString() } : {}),
                ...(closes_at !== null ? { endDateTime: new Date(closes_at).toISOString() } : {}),
              },
            }
          : {}),
      };
      const key = await this.keys.signing();
      const jwt = await new SignJWT({
        nonce: randomUUID(),
        [`${LTI}deployment_id`]: row.deployment_id,
        [`${LTI}message_type`]: 'LtiDeepLinkingResponse',
        [`${LTI}version`]: '1.3.0',
        [`${LTI_DL}content_items`]: [item],
        ...(row.data !== null ? { [`${LTI_DL}data`]: row.data } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
        .setIssuer(platform.client_id)
        .setAudience(platform.issuer)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + ANSWER_LIFETIME_S)
        .sign(key.key);
      return { return_url: row.return_url, jwt, assignment_id: made.id };
    } catch (error) {
      // Nothing was answered: the teacher may choose again (a test not published, say).
      await this.db.updateTable('lti_deep_links').set({ used_at: null }).where('id', '=', id).execute();
      throw error;
    }
  }

  private async open(userId: string, id: string, locale: Locale) {
    const row = await this.db
      .selectFrom('lti_deep_links')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    // Another teacher's request reads as none at all.
    if (!row) throw new HttpError(404, message('ltiDeepLinkNotFound', locale));
    if (Number(row.expires_at) < this.options.now()) throw new HttpError(410, message('ltiDeepLinkExpired', locale));
    if (row.used_at !== null) throw new HttpError(409, message('ltiDeepLinkUsed', locale));
    const platform = (await this.db
      .selectFrom('lti_platforms')
      .selectAll()
      .where('id', '=', row.platform_id)
      .where('enabled', '=', 1)
      .executeTakeFirst()) as LtiPlatformsTable | undefined;
    if (!platform) throw new HttpError(404, message('ltiDeepLinkNotFound', locale));
    return { row, platform };
  }
}
