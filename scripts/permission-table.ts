/**
 * Rewrites README's "Who may do what" table from server/test/permission-table.ts, the rows the
 * permission test checks cell by cell. `npx tsx scripts/permission-table.ts`
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withPermissionTable } from '../server/test/permission-table.ts';

const file = join(import.meta.dirname, '..', 'README.md');
const before = readFileSync(file, 'utf8');
const after = withPermissionTable(before);
writeFileSync(file, after);
console.log(before === after ? 'README table already up to date' : 'README table rewritten');
