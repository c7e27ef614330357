/**
 * An LTI 1.3 launch, from the platform's login initiation to the app signed in (LTI Core 1.3 §4,
 * Security Framework 1.0 §5.1): the login names a registered platform and a target on this server;
 * Zalik keeps a `state` and a `nonce` for it, bound to the browser by the hash of a cookie's secret,
 * and sends the browser to the platform; the platform posts back a signed `id_token` with the state;
 * the state is used once, in the browser that started it, and the token must hold its nonce, name
 * the login's target, and pass every check of id-token.ts. The account is then found or made (identities.ts) and the
 * browser goes on to the app with a one-use code (two minutes) that the app trades for the tokens.
 */
import type { Kysely } from 'kysely';
import type { Locale } from '../../../contract/locale.ts';
import type { Handoff, LaunchDestination, LaunchForm, LaunchRefusal, LoginInitiation } from '../../../contract/lti.ts';
import type { Database } from '../../db/schema.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { hashToken, newToken, tokenMatches } from '../accounts/tokens.ts';
import type { LtiDeepLinking } from './deep-linking.ts';
import { type CheckedLaunch, checkIdToken, LaunchRefused, LTI } from './id-token.ts';
import { type LtiIdentities, launchLocale, launchRole } from './identities.ts';
import { platformUrlProblem } from './platform-keys.ts';
import type { LtiPlatforms, ToolOptions } from './platforms.ts';

export const LOGIN_TTL_MS = 10 * 60_000;
const AGS_ENDPOINT = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
export const HANDOFF_TTL_MS = 2 * 60_000;

/** A refusal the user is shown (`refusal`), with what the log says (`detail`, never the token). */
export class LaunchStopped extends Error {
  constructor(
    readonly refusal: LaunchRefusal,
    readonly detail: string,
    readonly locale: Locale | null = null,
  ) {
    super(`LTI launch stopped: ${refusal} (${detail})`);
    this.name = 'LaunchStopped';
  }
}

export class LtiLaunches {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly platforms: LtiPlatforms,
    private readonly identities: LtiIdentities,
    private readonly accounts: Accounts,
    private readonly deepLinking: LtiDeepLinking,
    private readonly options: ToolOptions,
  ) {}

  get launchUrl(): string {
    return `${this.options.publicUrl}/v1/lti/launch`;
  }

  /** The platform's authentication request for this login, for the browser holding `browserSecret`. */
  async login(init: LoginInitiation, browserSecret: string): Promise<string> {
    const platform = await this.platforms.forLogin(init.iss, init.client_id);
    if (!platform)
      throw new LaunchStopped('unknownPlatform', `no registration for ${init.iss} ${init.client_id ?? ''}`);
    // A target elsewhere would make Zalik an open door to any address (Security Framework §5.1.1.2).
    let target: URL | null = null;
    try {
      target = new URL(init.target_link_uri);
    } catch {}
    if (target?.origin !== this.options.publicUrl)
      throw new LaunchStopped('target', 'target_link_uri not on this server');
    const state = newToken();
    const nonce = newToken();
    const now = this.options.now();
    await this.db.deleteFrom('lti_logins').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('lti_logins')
      .values({
        state,
        nonce,
        platform_id: platform.id,
        browser_hash: hashToken(browserSecret),
        target_link_uri: init.target_link_uri,
        expires_at: now + LOGIN_TTL_MS,
      })
      .execute();
    const url = new URL(platform.login_url);
    const params: Record<string, string> = {
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.client_id,
      redirect_uri: this.launchUrl,
      login_hint: init.login_hint,
      state,
      nonce,
      ...(init.lti_message_hint !== undefined ? { lti_message_hint: init.lti_message_hint } : {}),
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.href;
  }

  /** Checks the posted launch; the one-use code and the language of the app's page. */
  async launch(form: LaunchForm, browserSecret: string | null): Promise<{ code: string; locale: Locale }> {
    if (form.error !== undefined) throw new LaunchStopped('platform', `the platform answered ${form.error}`);
    if (!form.state || !form.id_token) throw new LaunchStopped('token', 'no state or no id_token');
    const login = await this.db.selectFrom('lti_logins').selectAll().where('state', '=', form.state).executeTakeFirst();
    // The state and its nonce are used once: a replay, or a second post of the same form, finds nothing.
    const used = await this.db.deleteFrom('lti_logins').where('state', '=', form.state).executeTakeFirst();
    if (!login || Number(used.numDeletedRows) !== 1 || Number(login.expires_at) < this.options.now()) {
      throw new LaunchStopped('expired', 'unknown, used or expired state');
    }
    if (!browserSecret || !tokenMatches(browserSecret, login.browser_hash)) {
      throw new LaunchStopped('cookies', 'the launch came back to another browser, or without its cookie');
    }
    const platform = await this.platforms.byId(login.platform_id);
    if (platform?.enabled !== 1) throw new LaunchStopped('unknownPlatform', 'registration off or gone');
    let checked: CheckedLaunch;
    try {
      checked = await checkIdToken(
        form.id_token,
        await this.platforms.registration(platform),
        login.nonce,
        this.options.now(),
      );
    } catch (error) {
      if (error instanceof LaunchRefused) throw new LaunchStopped('token', `id_token: ${error.problem}`);
      throw error;
    }
    const claims = { ...checked.claims, sub: checked.subject };
    const locale = launchLocale(claims);
    // The launch goes where its login said (LTI Core 1.3 §5.1.1.5): a token for another target is
    // not this login's launch, and nothing is made of it. A resource link launch always names one
    // (id-token.ts); a deep linking request may not, and is held to the login's when it does.
    const target = checked.claims[`${LTI}target_link_uri`];
    if (target !== undefined && target !== login.target_link_uri) {
      throw new LaunchStopped('targetChanged', 'target_link_uri is not the login’s target', locale);
    }
    const role = launchRole(checked.roles);
    const user = await this.identities.accountFor(platform.issuer, claims, role, locale ?? 'en');
    const pageLocale = locale ?? (user.locale as Locale);
    // An account is a student's or a tutor's: a launch in the other role would show the wrong things.
    if (user.role !== role) throw new LaunchStopped('role', `a ${role} launch for a ${user.role} account`, pageLocale);
    const destination = await this.destination(platform.id, checked, user.id, role, pageLocale);
    const code = newToken();
    await this.db.deleteFrom('lti_handoffs').where('expires_at', '<', this.options.now()).execute();
    await this.db
      .insertInto('lti_handoffs')
      .values({
        code_hash: hashToken(code),
        user_id: user.id,
        destination: JSON.stringify({ destination, locale: pageLocale }),
        expires_at: this.options.now() + HANDOFF_TTL_MS,
      })
      .execute();
    return { code, locale: pageLocale };
  }

  /** The tokens and the destination for a launch's code, once; null when used, expired or unknown. */
  async redeem(code: string): Promise<Handoff | null> {
    const hash = hashToken(code);
    const row = await this.db.selectFrom('lti_handoffs').selectAll().where('code_hash', '=', hash).executeTakeFirst();
    const used = await this.db.deleteFrom('lti_handoffs').where('code_hash', '=', hash).executeTakeFirst();
    if (!row || Number(used.numDeletedRows) !== 1 || Number(row.expires_at) < this.options.now()) return null;
    const user = await this.accounts.findById(row.user_id);
    if (!user) return null;
    const { destination, locale } = JSON.parse(row.destination) as Pick<Handoff, 'destination' | 'locale'>;
    return { tokens: await this.accounts.issueTokens(user), destination, locale };
  }

  /**
   * Where the platform keeps the activity's grades (AGS 2.0 §3.1: the launch's endpoint claim) and
   * lists the course's members (NRPS 2.0 §3.6), kept for later; only an https address (or this
   * machine's), since a token goes there.
   */
  private async keepServices(
    link: { id: string; lineitem_url: string | null; lineitems_url: string | null; memberships_url: string | null },
    claims: Record<string, unknown>,
  ): Promise<void> {
    const ags = claims[AGS_ENDPOINT] as { lineitem?: unknown; lineitems?: unknown } | undefined;
    const nrps = claims[NRPS_CLAIM] as { context_memberships_url?: unknown } | undefined;
    const usable = (value: unknown) =>
      typeof value === 'string' && value.length <= 2048 && platformUrlProblem(value) === null ? value : null;
    const set = {
      lineitem_url: usable(ags?.lineitem) ?? link.lineitem_url,
      lineitems_url: usable(ags?.lineitems) ?? link.lineitems_url,
      memberships_url: usable(nrps?.context_memberships_url) ?? link.memberships_url,
    };
    if (
      set.lineitem_url === link.lineitem_url &&
      set.lineitems_url === link.lineitems_url &&
      set.memberships_url === link.memberships_url
    )
      return;
    await this.db.updateTable('lti_links').set(set).where('assignment_id', '=', link.id).execute();
  }

  /**
   * Where a launch lands: a deep linking request, at the choice of a test (a teacher's only); a
   * resource link, in the assignment it was made for, in the user's role.
   */
  private async destination(
    platformId: string,
    checked: CheckedLaunch,
    userId: string,
    role: 'student' | 'tutor',
    locale: Locale,
  ): Promise<LaunchDestination> {
    if (checked.messageType === 'LtiDeepLinkingRequest') {
      if (role !== 'tutor') throw new LaunchStopped('role', 'a deep linking request without a teaching role', locale);
      return { kind: 'deepLinking', request: await this.deepLinking.begin(platformId, checked, userId) };
    }
    const custom = checked.claims[`${LTI}custom`] as { zalik_assignment?: unknown } | undefined;
    const assignmentId = typeof custom?.zalik_assignment === 'string' ? custom.zalik_assignment : '';
    const link = await this.db
      .selectFrom('lti_links')
      .innerJoin('assignments', 'assignments.id', 'lti_links.assignment_id')
      .select([
        'assignments.id',
        'assignments.code',
        'assignments.owner_id',
        'lti_links.deployment_id',
        'lti_links.lineitem_url',
        'lti_links.lineitems_url',
        'lti_links.memberships_url',
      ])
      .where('lti_links.assignment_id', '=', assignmentId)
      .where('lti_links.platform_id', '=', platformId)
      .executeTakeFirst();
    // Only the platform (and deployment) the assignment was made from may launch into it.
    if (!link || link.deployment_id !== checked.deploymentId) {
      throw new LaunchStopped('link', `no assignment ${assignmentId || '(none named)'} for this platform`, locale);
    }
    await this.keepServices(link, checked.claims);
    if (role === 'student') return { kind: 'assignment', code: link.code };
    if (link.owner_id !== userId) throw new LaunchStopped('notOwner', 'an instructor who did not make it', locale);
    return { kind: 'monitor', assignment_id: link.id };
  }
}
