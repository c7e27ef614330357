/** LTI 1.3's services, over the database and the accounts: keys, registrations, launches. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AccessTokens } from '../../services/lti/access-tokens.ts';
import { LtiDeepLinking } from '../../services/lti/deep-linking.ts';
import { DynamicRegistrations } from '../../services/lti/dynamic-registration.ts';
import { GradeSender } from '../../services/lti/grade-sender.ts';
import { LtiIdentities } from '../../services/lti/identities.ts';
import { LtiLaunches } from '../../services/lti/launches.ts';
import { LtiPlatforms } from '../../services/lti/platforms.ts';
import { LtiRoster } from '../../services/lti/roster.ts';
import { ToolKeys } from '../../services/lti/tool-keys.ts';

export interface Lti {
  keys: ToolKeys;
  platforms: LtiPlatforms;
  launches: LtiLaunches;
  registrations: DynamicRegistrations;
  deepLinking: LtiDeepLinking;
  /** Sends the queued scores to the platforms' gradebooks. */
  grades: GradeSender;
  roster: LtiRoster;
  /** May this account keep platform registrations (LTI_ADMINS, a tutor)? */
  isAdmin(user: { email_key: string; role: 'student' | 'tutor' }): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lti: Lti;
  }
}

export interface LtiOptions {
  now: () => number;
  publicUrl: string;
}

/** Queued scores go to the platforms' gradebooks this often. */
const SEND_EVERY_MS = 5_000;

export default fp<LtiOptions>(
  async (app: FastifyInstance, options) => {
    const db = app.database.db;
    const platforms = new LtiPlatforms(db, options);
    const keys = new ToolKeys(db, { now: options.now });
    const deepLinking = new LtiDeepLinking(db, keys, app.assignments, app.lessonVersions, options);
    const identities = new LtiIdentities(db, options.now);
    const tokens = new AccessTokens(keys, options.now);
    const grades = new GradeSender(db, tokens, options.now);
    app.decorate('lti', {
      keys,
      platforms,
      deepLinking,
      grades,
      roster: new LtiRoster(db, tokens, options.now),
      launches: new LtiLaunches(db, platforms, identities, app.accounts, deepLinking, options),
      registrations: new DynamicRegistrations(db, platforms, options),
      isAdmin: (user) => app.accounts.isLtiAdmin(user),
    });
    app.jobs.add({
      name: 'lti-scores',
      schedule: { everyMs: SEND_EVERY_MS },
      run: async () => {
        const report = await grades.runOnce();
        return report.sent || report.failed ? { ...report } : null;
      },
    });
  },
  { name: 'lti', dependencies: ['services', 'jobs'] },
);
