/**
 * A dedicated worker that stores each answer in IndexedDB. On the page, the transaction's results
 * wait behind the frame that a click always triggers (Chromium renders first after input), so the
 * page learned of a stored answer ~10 ms after the database had it. Here nothing renders: the write
 * completes within a few ms of the click, whatever the page is doing.
 */
import { type AnswerStoreMessage, runAnswerWrite } from '../offline-queue/answer-store-protocol.ts';
import { openOfflineDb, type ZalikOfflineDb } from '../offline-queue/db.ts';

declare const self: DedicatedWorkerGlobalScope;

const databases = new Map<string, ZalikOfflineDb>();
function dbNamed(name: string): ZalikOfflineDb {
  let db = databases.get(name);
  if (!db) {
    db = openOfflineDb(name);
    databases.set(name, db);
  }
  return db;
}

self.addEventListener('message', (event: MessageEvent<AnswerStoreMessage>) => {
  const message = event.data;
  if (message.type === 'open') {
    // A failure here shows again, with its reason, on the first write.
    dbNamed(message.db)
      .open()
      .catch(() => undefined);
    return;
  }
  // Transactions start in the order messages arrive, and IndexedDB runs them in that order.
  void runAnswerWrite(dbNamed, message).then((reply) => self.postMessage(reply));
});
