/** Signed receipts of finished attempts (server/services/receipts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { within } from '../../services/platform/within.ts';
import { ReceiptKeys } from '../../services/receipts/receipt-keys.ts';
import { Receipts } from '../../services/receipts/receipts.ts';

/** How long a stop waits for receipts under way: within server.ts's 10 s, after its 7 s of answering. */
const RECEIPT_FLUSH_MS = 2_000;

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
    // At a stop, the batches queued or under way are stored before the database closes (which
    // follows app.close(): server.ts), bounded so the stop stays within its orchestrator's patience;
    // an onClose hook, so every finish request has been answered and its attempts taken by then.
    // Whatever is left is signed when first asked for (Receipts.of).
    app.addHook('onClose', async () => {
      try {
        await within(receipts.batch.settled(), RECEIPT_FLUSH_MS);
      } catch {
        app.log.warn(
          { receipts: receipts.batch.underWay },
          `receipts not stored within ${RECEIPT_FLUSH_MS} ms of the stop: they are signed when first asked for`,
        );
      }
    });
  },
  { name: 'receipts', dependencies: ['services'] },
);
