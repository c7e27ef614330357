import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAYER_RULES, layerViolations, type SourceFile } from './layers.ts';

function trackedSources(): SourceFile[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' }).split('\n');
  return listed
    .filter((path) => /\.(?:ts|tsx|mts)$/.test(path) && (path.split('/')[0] ?? '') in LAYER_RULES)
    .filter((path) => {
      try {
        readFileSync(path);
        return true;
      } catch {
        return false;
      }
    })
    .map((path) => ({ path, source: readFileSync(path, 'utf8') }));
}

describe('the layers of the code', () => {
  it('has no import from a lower layer into an upper one, tests included', () => {
    const files = trackedSources();
    expect(files.length).toBeGreaterThan(200);
    expect(layerViolations(files)).toEqual([]);
  });

  it('catches the app reaching into the server, the server or a worker into the app, and the contract upwards', () => {
    const deliberate: SourceFile[] = [
      { path: 'src/features/x/x.ts', source: "import { buildApp } from '../../../server/app.ts';" },
      { path: 'server/routes/x.ts', source: "import { api } from '../../src/shared/api/api.ts';" },
      { path: 'workers/x.ts', source: "const page = await import('../src/main.tsx');" },
      { path: 'contract/x.ts', source: "export { ENDPOINTS } from '../server/openapi/document.ts';" },
      { path: 'offline-queue/x.ts', source: "import '../src/styles/index.css';" },
      { path: 'server/db/x.ts', source: "const worker = new URL('../../src/worker.mjs', import.meta.url);" },
    ];
    expect(layerViolations(deliberate).map((v) => `${v.file} -> ${v.imports}`)).toEqual([
      'src/features/x/x.ts -> ../../../server/app.ts',
      'server/routes/x.ts -> ../../src/shared/api/api.ts',
      'workers/x.ts -> ../src/main.tsx',
      'contract/x.ts -> ../server/openapi/document.ts',
      'offline-queue/x.ts -> ../src/styles/index.css',
      'server/db/x.ts -> ../../src/worker.mjs',
    ]);
    // Through the contract is the way: these are fine.
    expect(
      layerViolations([
        { path: 'src/a.ts', source: "import { ENDPOINTS } from '../contract/endpoints/index.ts';" },
        { path: 'server/a.ts', source: "import { ENDPOINTS } from '../contract/endpoints/index.ts';" },
        // The app starts a worker by its address; a test reads a document that is no code.
        { path: 'src/b.ts', source: "new Worker(new URL('../workers/answer-writer.ts', import.meta.url));" },
        { path: 'server/b.test.ts', source: "readFileSync(new URL('../README.md', import.meta.url));" },
      ]),
    ).toEqual([]);
  });

  it("keeps the server's service domains in one direction: sessions below assignments, never the other way", () => {
    const sessions = trackedSources().filter((file) => file.path.startsWith('server/services/sessions/'));
    expect(sessions.length).toBeGreaterThan(10);
    const upward = sessions.filter((file) => /from '\.\.\/assignments\//.test(file.source)).map((file) => file.path);
    expect(upward).toEqual([]);
  });
});
