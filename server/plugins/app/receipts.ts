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
    app.decorate(
      'receipts',
      new Receipts(app.database.db, keys, app.lessonVersions, { now: options.now, server: options.publicUrl }),
    );
  },
  { name: 'receipts', dependencies: ['services'] },
);
