/**
 * Run after `npm install` (the `postinstall` script), on the runtime the project's scripts use: the
 * Node 24 it brings from the npm registry (`node-<platform>-<arch>`, linked as node_modules/.bin/node,
 * which every npm script finds first on its PATH), or the machine's own Node where the registry has
 * none for its platform. Each native module is loaded here, on this runtime; one that does not load
 * (better-sqlite3 on a platform its package carries no prebuilt binary for) is built against the
 * runtime's own headers (the registry's package carries them). Nothing is fetched from outside the
 * registries.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runtimeNotice } from '../../server/runtime-notice.ts';

/** The native modules of the project, each with a line that loads and uses it. */
const NATIVE: Record<string, string> = {
  'better-sqlite3': "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()",
};

const require = createRequire(import.meta.url);
const loads = (probe: string) => spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;

// The runtime's install prefix holds its headers (include/node) when it is the registry's package or
// an official build; without them node-gyp goes by npm's own settings.
const prefix = dirname(dirname(process.execPath));
const headers = existsSync(join(prefix, 'include', 'node', 'node.h')) ? [`--nodedir=${prefix}`] : [];
const npm = process.env.npm_execpath;
// npm brings node-gyp with it. It is run here directly rather than through `npm rebuild`, because
// `allowScripts` denies the package's implied install build (its binaries come prebuilt), and that
// denial holds for a rebuild too.
const nodeGyp = npm && join(dirname(dirname(npm)), 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');

for (const [name, probe] of Object.entries(NATIVE)) {
  if (loads(probe)) continue;
  if (!nodeGyp || !existsSync(nodeGyp)) {
    throw new Error(`${name} does not load on Node ${process.versions.node}, and npm's node-gyp is not at hand`);
  }
  console.log(`${name}: building it for Node ${process.versions.node} (${headers[0] ?? 'npm’s own nodedir'})`);
  const cwd = dirname(require.resolve(`${name}/package.json`));
  const built = spawnSync(process.execPath, [nodeGyp, 'rebuild', '--release', ...headers], { cwd, stdio: 'inherit' });
  if (built.status !== 0 || !loads(probe)) {
    throw new Error(`${name} could not be built for Node ${process.versions.node}: see the output above`);
  }
}

const notice = runtimeNotice(process.versions.node, process.platform, process.arch);
if (notice) console.warn(notice);
