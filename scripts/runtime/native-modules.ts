/**
 * Run after `npm install` (the `postinstall` script), on the runtime the project's scripts use: the
 * Node 24 it brings from the npm registry (`node-<platform>-<arch>`, linked as node_modules/.bin/node,
 * which every npm script finds first on its PATH), or the machine's own Node where the registry has
 * none for its platform. npm itself may run on the machine's older Node, and a package's own install
 * builds against the headers npm is told of (its `nodedir`); a module built for another Node's ABI
 * does not load. So each native module is tried here, on this runtime, and built again against the
 * runtime's own headers (the registry's package carries them) when it does not load. Nothing is
 * fetched from outside the registries.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runtimeNotice } from '../../server/runtime-notice.ts';

/** The native modules of the project, each with a line that loads and uses it. */
const NATIVE: Record<string, string> = {
  'better-sqlite3': "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()",
};

const loads = (probe: string) => spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;

// The runtime's install prefix holds its headers (include/node) when it is the registry's package or
// an official build; without them node-gyp goes by npm's own settings.
const prefix = dirname(dirname(process.execPath));
const headers = existsSync(join(prefix, 'include', 'node', 'node.h')) ? [`--nodedir=${prefix}`] : [];
const npm = process.env.npm_execpath;

for (const [name, probe] of Object.entries(NATIVE)) {
  if (loads(probe)) continue;
  if (!npm) throw new Error(`${name} does not load on Node ${process.versions.node}; run npm rebuild ${name}`);
  console.log(`${name}: building it for Node ${process.versions.node} (${headers[0] ?? 'npm’s own nodedir'})`);
  const built = spawnSync(process.execPath, [npm, 'rebuild', name, ...headers], { stdio: 'inherit' });
  if (built.status !== 0 || !loads(probe)) {
    throw new Error(`${name} could not be built for Node ${process.versions.node}: see the output above`);
  }
}

const notice = runtimeNotice(process.versions.node, process.platform, process.arch);
if (notice) console.warn(notice);
