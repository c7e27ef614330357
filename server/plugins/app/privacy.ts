/** People's data: the export and deletion of an account, and the nightly sweep of old attempts. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PrivacyConfig } from '../../config-privacy.ts';
import { PersonalData } from '../../services/people/personal-data.ts';
import { sweepOldAttempts } from '../../services/sessions/retention-sweep.ts';

declare module 'fastify' {
  interface FastifyInstance {
    personalData: PersonalData;
    privacy: PrivacyConfig;
  }
}

export default fp<{ now: () => number; privacy: PrivacyConfig }>(
  async (app: FastifyInstance, options) => {
    app.decorate('privacy', options.privacy);
    app.decorate('personalData', new PersonalData(app.database.db, { ...options, receipts: app.receipts }));
    const keptDays = options.privacy.attemptsKeptDays;
    if (keptDays === 0) return;
    // Each batch is one transaction: a failed night leaves nothing half-done and is tried again within its hour.
    app.jobs.add({
      name: 'retention-sweep',
      schedule: { dailyAtHourUtc: options.privacy.sweepHourUtc },
      run: async () => ({ ...(await sweepOldAttempts(app.database.db, { now: options.now(), keptDays })) }),
    });
  },
  { name: 'privacy', dependencies: ['services', 'receipts', 'jobs'] },
);
