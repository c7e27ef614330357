/** People's data: the export and deletion of an account, and the nightly sweep of old attempts. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PrivacyConfig } from '../../config-privacy.ts';
import { PersonalData } from '../../services/people/personal-data.ts';
import { isSweepHour, sweepOldAttempts } from '../../services/sessions/retention-sweep.ts';

declare module 'fastify' {
  interface FastifyInstance {
    personalData: PersonalData;
    privacy: PrivacyConfig;
  }
}

const HOUR_MS = 3_600_000;

export default fp<{ now: () => number; privacy: PrivacyConfig; sweeps: boolean }>(
  async (app: FastifyInstance, options) => {
    app.decorate('privacy', options.privacy);
    app.decorate('personalData', new PersonalData(app.database.db, { ...options, receipts: app.receipts }));
    if (!options.sweeps || options.privacy.attemptsKeptDays === 0) return;
    let lastDay = -1;
    const timer = setInterval(async () => {
      const now = options.now();
      const day = Math.floor(now / (24 * HOUR_MS));
      if (day === lastDay || !isSweepHour(now, options.privacy.sweepHourUtc)) return;
      lastDay = day;
      try {
        const report = await sweepOldAttempts(app.database.db, { now, keptDays: options.privacy.attemptsKeptDays });
        app.log.info(report, 'attempts past ATTEMPTS_KEPT_DAYS removed');
      } catch (error) {
        // Tried again at the next beat of the hour; nothing half-done stays (each batch is one transaction).
        lastDay = -1;
        app.log.warn({ err: error }, 'retention sweep failed; will retry');
      }
    }, HOUR_MS / 4);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'privacy', dependencies: ['services', 'receipts'] },
);
