/** Prints where a V8 CPU profile spent its time: self time by function and by package. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

const dir = process.argv[2] ?? '.';
// tsx's loader thread writes a small profile of its own: the server is the largest.
const file = readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort((a, b) => statSync(join(dir, a)).size - statSync(join(dir, b)).size)
  .pop();
if (!file) throw new Error(`no .cpuprofile in ${dir}`);
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: Node[] };
const total = profile.nodes.reduce((n, x) => n + x.hitCount, 0);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const short = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/main\//, '');
  const key = `${functionName || '(anonymous)'} ${short}:${lineNumber}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + node.hitCount);
  const pkg = url.includes('node_modules/')
    ? (url
        .split('node_modules/')
        .pop()
        ?.split('/')
        .slice(0, url.split('node_modules/').pop()?.startsWith('@') ? 2 : 1)
        .join('/') ?? '?')
    : url.startsWith('node:')
      ? 'node'
      : url
        ? 'zalik'
        : functionName || '(native)';
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.hitCount);
}
const show = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
console.log(`by package:\n${show(byPackage, 15)}\n\nby function:\n${show(byFunction, 30)}`);
