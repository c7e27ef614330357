/**
 * An online copy of the embedded SQLite database, consistent to one moment, taken while the server
 * runs and writes (SQLite's backup API through better-sqlite3).
 */
import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';

export interface BackupReport {
  pages: number;
  bytes: number;
  integrity: string;
}

/**
 * Copies `source` to `target` (a new file). Every page after the first step goes in one step: a
 * step holds a read snapshot (WAL lets the server write meanwhile), and a copy in many steps would
 * start over each time the server wrote between two of them. The copy is then opened and checked.
 */
export async function backupSqlite(source: string, target: string): Promise<BackupReport> {
  if (existsSync(target))
    throw new Error(`${target} exists already: name a new file, so that no backup is overwritten`);
  const db = new SQLite(source, { fileMustExist: true });
  let pages = 0;
  try {
    db.pragma('busy_timeout = 5000');
    const result = await db.backup(target, { progress: () => 0x7fffffff });
    pages = result.totalPages;
  } finally {
    db.close();
  }
  const copy = new SQLite(target, { readonly: true, fileMustExist: true });
  try {
    const integrity = String(copy.pragma('integrity_check', { simple: true }));
    const pageSize = Number(copy.pragma('page_size', { simple: true }));
    return { pages, bytes: pages * pageSize, integrity };
  } finally {
    copy.close();
  }
}
