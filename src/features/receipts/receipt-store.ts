/**
 * The receipts this device got, in IndexedDB: they survive a reload, a closed browser and going
 * offline, and clearing the page's data leaves them unless the browser's storage is cleared too.
 * A database of its own (not the test's): a receipt outlives the attempt's records there.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { SignedReceipt } from '../../../contract/receipts.ts';

export interface KeptReceipt extends SignedReceipt {
  attempt: string;
  kept_at: number;
}

type ReceiptDb = Dexie & { receipts: EntityTable<KeptReceipt, 'attempt'> };

let db: ReceiptDb | null = null;

function open(): ReceiptDb {
  if (!db) {
    db = new Dexie('zalik-receipts') as ReceiptDb;
    db.version(1).stores({ receipts: 'attempt' });
  }
  return db;
}

export async function keptReceipt(attempt: string): Promise<KeptReceipt | undefined> {
  return open().receipts.get(attempt);
}

export async function keepReceipt(signed: SignedReceipt): Promise<KeptReceipt> {
  const kept = { ...signed, attempt: signed.receipt.attempt, kept_at: Date.now() };
  await open().receipts.put(kept);
  return kept;
}
