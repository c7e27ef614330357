/**
 * Rewrites docs/api.md's "API" and "Who may do what" tables from the contract's endpoint table
 * (contract/endpoints) and the rows the permission test checks cell by cell.
 *
 *   npx tsx scripts/api-docs.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withGeneratedTables } from '../server/test/permission-table.ts';

const file = join(import.meta.dirname, '..', 'docs', 'api.md');
const before = readFileSync(file, 'utf8');
const after = withGeneratedTables(before);
writeFileSync(file, after);
console.log(before === after ? 'docs/api.md tables already up to date' : 'docs/api.md tables rewritten');
