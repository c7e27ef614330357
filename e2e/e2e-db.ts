import { join } from 'node:path';
import Database from 'better-sqlite3';
import { mainServer } from './e2e-server.ts';

/** The running test's server's own database, read-only: what the server stored, not only what a page shows. */
export function e2eDb() {
  return new Database(join(mainServer().dataDir, 'zalik.sqlite'), { readonly: true, fileMustExist: true });
}
