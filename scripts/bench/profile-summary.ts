/**
 * Prints where a V8 CPU profile spent its time: self time by function and by package.
 * `npx tsx scripts/bench/profile-summary.ts <dir> [from-s to-s]`: only the samples taken that many
 * seconds after the profile began (the exam day's starts, say; the busy seconds are listed first).
 */
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
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const [fromS, toS] = [Number(process.argv[3] ?? 0), Number(process.argv[4] ?? Number.POSITIVE_INFINITY)];
if (process.argv[3] !== undefined) {
  // Hits counted again from the samples, in the window only; and each second's share of busy samples.
  const hits = new Map<number, number>();
  const busy = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let at = 0;
  for (const [i, id] of profile.samples.entries()) {
    at += profile.timeDeltas[i] ?? 0;
    const second = Math.floor(at / 1e6);
    const node = byId.get(id);
    if (node && node.callFrame.functionName !== '(idle)') busy.set(second, (busy.get(second) ?? 0) + 1);
    if (at / 1e6 >= fromS && at / 1e6 < toS) hits.set(id, (hits.get(id) ?? 0) + 1);
  }
  for (const node of profile.nodes) node.hitCount = hits.get(node.id) ?? 0;
  const seconds = [...busy.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}:${n}`);
  console.log(`busy samples by second: ${seconds.join(' ')}\n`);
}
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
