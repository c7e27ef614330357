/**
 * How the answers sent around each monitor read fared, against the answers sent at the same offsets
 * 3 s earlier and later (in the windows nobody watched): `npx tsx scripts/bench/around-reads.ts
 * <file> [bin ms]`, the file written by `BENCH_DUMP=<file> npm run bench:assignment`. It shows when a
 * read's cost starts and how long it lasts, which the p99 of a whole window cannot: a read that
 * slows the answers beside it by a few milliseconds moves a 3 s window's p99, set by its six slowest
 * answers of six hundred.
 */
import { readFileSync } from 'node:fs';
import { WINDOW_S } from './assignment-scenario.ts';
import { percentile } from './load.ts';

interface Dump {
  answers: { at: number; ms: number; reader: boolean }[];
  spans: [number, number][];
}

const [file, binArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: around-reads.ts <file written by BENCH_DUMP> [bin ms]');
  process.exit(2);
}
const { answers, spans } = JSON.parse(readFileSync(file, 'utf8')) as Dump;
const BIN = Number(binArg ?? 10);
const [FROM, TO] = [-5 * BIN, 20 * BIN];
answers.sort((a, b) => a.at - b.at);

/** The answers sent in each bin of time after a read left, reads shifted by `shift` ms. */
function binned(shift: number, reader?: boolean) {
  const bins = new Map<number, number[]>();
  for (const [from] of spans) {
    const start = from + shift;
    for (const answer of answers) {
      if (answer.at < start + FROM || answer.at >= start + TO) continue;
      if (reader !== undefined && answer.reader !== reader) continue;
      const bin = Math.floor((answer.at - start) / BIN) * BIN;
      const list = bins.get(bin) ?? [];
      list.push(answer.ms);
      bins.set(bin, list);
    }
  }
  return bins;
}

const summary = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, ms) => sum + ms, 0) / (sorted.length || 1);
  return `${String(sorted.length).padStart(5)} ${mean.toFixed(1).padStart(6)} ${percentile(sorted, 90).toFixed(1).padStart(6)}`;
};

const lengths = spans.map(([from, to]) => to - from).sort((a, b) => a - b);
console.log(`${spans.length} reads (p50 ${percentile(lengths, 50).toFixed(1)} ms), ${answers.length} answers`);
for (const [name, reader] of [
  ['every process', undefined],
  ['the process serving the monitor', true],
  ['the other process', false],
] as const) {
  const beside = binned(0, reader);
  const [before, after] = [binned(-WINDOW_S * 1000, reader), binned(WINDOW_S * 1000, reader)];
  console.log(`\n${name}: ms after the read left | answers, mean ms, p90 ms | the same ${WINDOW_S} s before and after`);
  for (let bin = FROM; bin < TO; bin += BIN) {
    const control = [...(before.get(bin) ?? []), ...(after.get(bin) ?? [])];
    console.log(`${String(bin).padStart(6)} | ${summary(beside.get(bin) ?? [])} | ${summary(control)}`);
  }
}
