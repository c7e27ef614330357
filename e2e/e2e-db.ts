import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The e2e server's own database, read-only: what the server stored, not only what a page shows. */
export function e2eDb() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return new Database(join(dir, 'zalik.sqlite'), { readonly: true, fileMustExist: true });
}
