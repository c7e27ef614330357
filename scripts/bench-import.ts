/**
 * `npm run bench:import`: a Moodle XML bank of 500 questions (every type Zalik reads) with 50 pictures
 * (about 4 MB of them), imported through the real server into a new draft, BENCH_RUNS times (5), each
 * by a new tutor. The target: every import answered within 3 s. `/health`, asked every 20 ms meanwhile,
 * shows how long other requests wait meanwhile (the bank is read in a thread of its own);
 * it is reported, not judged. Loopback only, bounded in count.
 * Environment: BENCH_RUNS, DATABASE_URL (PostgreSQL instead of SQLite).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { signedUpTutor } from './bench/assignment-scenario.ts';
import { freePort, startProcess, stopProcess } from './bench/processes.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const QUESTIONS = 500;
const PICTURES = 50;
const TARGET_MS = 3000;

/** A PNG of noise (so that it does not compress): `side`² pixels, RGB. */
function noisePng(side: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: side }, () => Buffer.concat([Buffer.from([0]), randomBytes(side * 3)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function bank(): string {
  const questions: string[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    if (i % 100 === 0) {
      questions.push(
        `<question type="category"><category><text>$course$/top/Part ${i / 100 + 1}</text></category></question>`,
      );
    }
    const picture = i < PICTURES ? `<p><img src="@@PLUGINFILE@@/p${i}.png" alt="Picture ${i}"></p>` : '';
    const file =
      i < PICTURES
        ? `<file name="p${i}.png" path="/" encoding="base64">${noisePng(160).toString('base64')}</file>`
        : '';
    const text = `<questiontext format="html"><text><![CDATA[<p>Question ${i}: what is \\(${i} + ${i}\\)?</p>${picture}]]></text>${file}</questiontext>`;
    const name = `<name><text>Question ${i}</text></name>`;
    switch (i % 4) {
      case 0:
        questions.push(
          `<question type="multichoice">${name}${text}<single>true</single><answer fraction="100"><text>${2 * i}</text></answer><answer fraction="0"><text>${2 * i + 1}</text></answer><answer fraction="0"><text>${i}</text></answer></question>`,
        );
        break;
      case 1:
        questions.push(
          `<question type="multichoice">${name}${text}<single>false</single><answer fraction="50"><text>${2 * i}</text></answer><answer fraction="50"><text>${i + i}.0</text></answer><answer fraction="-100"><text>${i}</text></answer></question>`,
        );
        break;
      case 2:
        questions.push(
          `<question type="shortanswer">${name}${text}<answer fraction="100"><text>${2 * i}</text></answer></question>`,
        );
        break;
      default:
        questions.push(
          `<question type="numerical">${name}${text}<answer fraction="100"><text>${2 * i}</text><tolerance>0</tolerance></answer></question>`,
        );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join('\n')}\n</quiz>\n`;
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'zalik-bench-import-'));
const base = `http://127.0.0.1:${port}`;
const xml = Buffer.from(bank());
console.log(
  `bank: ${QUESTIONS} questions, ${PICTURES} pictures, ${(xml.length / 1024 / 1024).toFixed(1)} MB of Moodle XML`,
);
const body = JSON.stringify({ files: [{ name: 'bank.xml', data: xml.toString('base64') }], language: 'en' });

const server = await startProcess(
  process.execPath,
  ['--import', 'tsx', 'server/server.ts'],
  { PORT: String(port), DATA_DIR: dataDir, DIST_DIR: 'none', LOG_LEVEL: 'warn', TUTOR_STORAGE_MB: '1000' },
  port,
  '/health',
);
const times: number[] = [];
const healthTimes: number[] = [];
let failed = 0;
try {
  for (let run = 0; run < RUNS; run++) {
    const token = await signedUpTutor(port, `bench-${run}-${Date.now()}@example.test`);
    let importing = true;
    const watch = (async () => {
      while (importing) {
        const started = performance.now();
        await (await fetch(`${base}/health`)).arrayBuffer();
        healthTimes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const res = await fetch(`${base}/v1/tutor/tests/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    const answer = await res.json();
    times.push(performance.now() - started);
    importing = false;
    await watch;
    const report = answer.data?.report?.[0];
    if (res.status !== 201 || report?.imported !== QUESTIONS) {
      failed += 1;
      console.log(`run ${run + 1}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    } else console.log(`run ${run + 1}: ${times.at(-1)?.toFixed(0)} ms, ${report.imported} questions`);
  }
} finally {
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const sorted = [...times].sort((a, b) => a - b);
const worstHealth = Math.max(...healthTimes);
const pass = failed === 0 && (sorted.at(-1) ?? Infinity) < TARGET_MS;
console.log(
  `import: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, worst ${sorted.at(-1)?.toFixed(0)} ms (target < ${TARGET_MS}); ` +
    `/health meanwhile: ${healthTimes.length} answers, worst ${worstHealth.toFixed(1)} ms; ${pass ? 'PASS' : 'FAIL'}`,
);
process.exit(pass ? 0 : 1);
