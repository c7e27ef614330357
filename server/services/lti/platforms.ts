/**
 * The learning platforms Zalik is registered with: made by hand or by dynamic registration, listed,
 * turned off and on, and found again for a login (by issuer and client id) and for a launch's check.
 * A registration that is off keeps its links and accounts, and refuses every login and launch.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Locale } from '../../../contract/locale.ts';
import type { Platform, PlatformChange, PlatformForm, PlatformList } from '../../../contract/lti.ts';
import type { Database } from '../../db/schema.ts';
import type { LtiPlatformsTable } from '../../db/schema-lti.ts';
import { HttpError } from '../../http-error.ts';
import { message } from '../../i18n/messages.ts';
import type { PlatformRegistration } from './id-token.ts';
import { checkedPlatformChange, checkedPlatformForm } from './platform-form.ts';
import { PlatformKeySets } from './platform-keys.ts';

/** What every part of the tool knows: the clock and its own address. */
export interface ToolOptions {
  now: () => number;
  publicUrl: string;
}

/** The addresses a platform is given for Zalik. */
export function toolUrls(publicUrl: string): PlatformList['tool'] {
  return {
    login_url: `${publicUrl}/v1/lti/login`,
    launch_url: `${publicUrl}/v1/lti/launch`,
    jwks_url: `${publicUrl}/v1/lti/jwks`,
    deep_linking_url: `${publicUrl}/v1/lti/launch`,
    canvas_configuration_url: `${publicUrl}/v1/lti/canvas.json`,
  };
}

export class LtiPlatforms {
  /** The platforms' key sets, read and kept by this process. */
  private readonly keySets: PlatformKeySets;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: ToolOptions,
  ) {
    this.keySets = new PlatformKeySets(options.now);
  }

  async list(): Promise<PlatformList> {
    const rows = await this.db.selectFrom('lti_platforms').selectAll().orderBy('created_at').orderBy('id').execute();
    const deployments = await this.db
      .selectFrom('lti_deployments')
      .selectAll()
      .orderBy('created_at')
      .orderBy('deployment_id')
      .execute();
    return {
      platforms: rows.map((row) =>
        view(
          row,
          deployments.filter((d) => d.platform_id === row.id).map((d) => d.deployment_id),
        ),
      ),
      tool: toolUrls(this.options.publicUrl),
    };
  }

  async add(
    form: PlatformForm,
    source: LtiPlatformsTable['source'],
    by: string | null,
    locale: Locale,
  ): Promise<Platform> {
    const checked = checkedPlatformForm(form, locale);
    const now = this.options.now();
    const row: LtiPlatformsTable = {
      id: randomUUID(),
      issuer: checked.issuer,
      client_id: checked.client_id,
      name: checked.name,
      login_url: checked.login_url,
      token_url: checked.token_url,
      jwks_url: checked.jwks_url,
      enabled: 1,
      source,
      created_by: by,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('lti_platforms').values(row).execute();
        for (const deployment_id of checked.deployments) {
          await trx
            .insertInto('lti_deployments')
            .values({ platform_id: row.id, deployment_id, created_at: now })
            .execute();
        }
      });
    } catch (error) {
      // Two registrations of one client at once: the unique key decides, and the second hears why.
      if (await this.find(checked.issuer, checked.client_id)) {
        throw new HttpError(409, message('ltiPlatformTaken', locale));
      }
      throw error;
    }
    return view(row, checked.deployments);
  }

  async change(id: string, change: PlatformChange, locale: Locale): Promise<Platform> {
    const checked = checkedPlatformChange(change, locale);
    const now = this.options.now();
    const found = await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('lti_platforms').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      const set = {
        updated_at: now,
        ...(checked.name !== undefined ? { name: checked.name } : {}),
        ...(checked.enabled !== undefined ? { enabled: checked.enabled ? 1 : 0 } : {}),
      };
      await trx.updateTable('lti_platforms').set(set).where('id', '=', id).execute();
      if (checked.deployments) {
        // Deployments are few: the new list replaces the old, keeping when each known one was added.
        await trx
          .deleteFrom('lti_deployments')
          .where('platform_id', '=', id)
          .where('deployment_id', 'not in', ['', ...checked.deployments])
          .execute();
        const kept = new Set(
          (await trx.selectFrom('lti_deployments').select('deployment_id').where('platform_id', '=', id).execute()).map(
            (d) => d.deployment_id,
          ),
        );
        for (const deployment_id of checked.deployments.filter((d) => !kept.has(d))) {
          await trx.insertInto('lti_deployments').values({ platform_id: id, deployment_id, created_at: now }).execute();
        }
      }
      return { ...row, ...set };
    });
    if (!found) throw new HttpError(404, message('ltiPlatformNotFound', locale));
    return view(found, await this.deployments(id));
  }

  /** Adds a deployment a platform told of (dynamic registration); known ones stay as they are. */
  async addDeployment(platformId: string, deploymentId: string): Promise<void> {
    const known = await this.db
      .selectFrom('lti_deployments')
      .select('deployment_id')
      .where('platform_id', '=', platformId)
      .where('deployment_id', '=', deploymentId)
      .executeTakeFirst();
    if (known) return;
    await this.db
      .insertInto('lti_deployments')
      .values({ platform_id: platformId, deployment_id: deploymentId, created_at: this.options.now() })
      .execute();
  }

  /** The registration a login names: by its client id, or the issuer's one registration when none is given. */
  async forLogin(issuer: string, clientId: string | undefined): Promise<LtiPlatformsTable | null> {
    let query = this.db.selectFrom('lti_platforms').selectAll().where('issuer', '=', issuer).where('enabled', '=', 1);
    if (clientId !== undefined) query = query.where('client_id', '=', clientId);
    const rows = await query.limit(2).execute();
    // One issuer with two client ids and a login naming neither: which one is meant cannot be known.
    return rows.length === 1 ? (rows[0] as LtiPlatformsTable) : null;
  }

  async byId(id: string): Promise<LtiPlatformsTable | undefined> {
    return this.db.selectFrom('lti_platforms').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** What a launch's token is checked against. */
  async registration(row: LtiPlatformsTable): Promise<PlatformRegistration> {
    return {
      issuer: row.issuer,
      clientId: row.client_id,
      deployments: await this.deployments(row.id),
      keys: this.keySets.for(row.jwks_url),
    };
  }

  private find(issuer: string, clientId: string) {
    return this.db
      .selectFrom('lti_platforms')
      .select('id')
      .where('issuer', '=', issuer)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  }

  private async deployments(platformId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('lti_deployments')
      .select('deployment_id')
      .where('platform_id', '=', platformId)
      .orderBy('created_at')
      .orderBy('deployment_id')
      .execute();
    return rows.map((r) => r.deployment_id);
  }
}

function view(row: LtiPlatformsTable, deployments: string[]): Platform {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    client_id: row.client_id,
    login_url: row.login_url,
    token_url: row.token_url,
    jwks_url: row.jwks_url,
    deployments,
    enabled: row.enabled === 1,
    source: row.source,
    created_at: Number(row.created_at),
  };
}
