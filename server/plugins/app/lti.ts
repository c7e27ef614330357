/** LTI 1.3's services, over the database and the accounts: keys, registrations, launches. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LtiDeepLinking } from '../../services/lti/deep-linking.ts';
import { DynamicRegistrations } from '../../services/lti/dynamic-registration.ts';
import { LtiIdentities } from '../../services/lti/identities.ts';
import { LtiLaunches } from '../../services/lti/launches.ts';
import { LtiPlatforms } from '../../services/lti/platforms.ts';
import { ToolKeys } from '../../services/lti/tool-keys.ts';

export interface Lti {
  keys: ToolKeys;
  platforms: LtiPlatforms;
  launches: LtiLaunches;
  registrations: DynamicRegistrations;
  deepLinking: LtiDeepLinking;
  /** May this account keep platform registrations (LTI_ADMINS, a tutor)? */
  isAdmin(user: { email: string; email_key: string; role: string }): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lti: Lti;
  }
}

export interface LtiOptions {
  now: () => number;
  publicUrl: string;
  /** LTI_ADMINS: e-mail keys. */
  admins: readonly string[];
  /** The least time between two fetches of a platform's key set (tests: 0). */
  keysCooldownMs?: number;
}

export default fp<LtiOptions>(
  async (app: FastifyInstance, options) => {
    const db = app.database.db;
    const platforms = new LtiPlatforms(db, {
      now: options.now,
      publicUrl: options.publicUrl,
      ...(options.keysCooldownMs !== undefined ? { keysCooldownMs: options.keysCooldownMs } : {}),
    });
    const admins = new Set(options.admins);
    const keys = new ToolKeys(db, { now: options.now });
    const deepLinking = new LtiDeepLinking(db, keys, app.assignments, app.lessonVersions, options);
    const identities = new LtiIdentities(db, options.now);
    app.decorate('lti', {
      keys,
      platforms,
      deepLinking,
      launches: new LtiLaunches(db, platforms, identities, app.accounts, deepLinking, options),
      registrations: new DynamicRegistrations(db, platforms, options),
      // The address is the one the account registered with (its key), never one a platform asserted.
      isAdmin: (user) => user.role === 'tutor' && !user.email_key.startsWith('lti:') && admins.has(user.email_key),
    });
  },
  { name: 'lti', dependencies: ['services'] },
);
