/** Signed receipts of finished attempts (server/services/receipts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReceiptKeys } from '../../services/receipts/receipt-keys.ts';
import { Receipts } from '../../services/receipts/receipts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    receipts: Receipts;
    receiptKeys: ReceiptKeys;
  }
}

export default fp<{ now: () => number; publicUrl: string }>(
  async (app: FastifyInstance, options) => {
    const keys = new ReceiptKeys(app.database.db, { now: options.now });
    app.decorate('receiptKeys', keys);
    const receipts = new Receipts(app.database.db, keys, app.lessonVersions, {
      now: options.now,
      server: options.publicUrl,
      slugOf: async (lessonId) => (await app.sessions.headings.get(lessonId)).slug,
    });
    app.decorate('receipts', receipts);
    // Each finish commit's attempts are signed together, off the finishes' requests.
    app.sessions.onFinished((attempts) => receipts.batch.take(attempts));
  },
  { name: 'receipts', dependencies: ['services'] },
);
