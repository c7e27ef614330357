import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAYER_RULES, layerViolations, PART_RANKS, type SourceFile } from './layers.ts';

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
        { path: 'src/b.ts', source: "new Worker(new URL('../workers/answer-store-worker.ts', import.meta.url));" },
        { path: 'server/b.test.ts', source: "readFileSync(new URL('../README.md', import.meta.url));" },
      ]),
    ).toEqual([]);
  });

  it("keeps the server's service domains and the app's parts in one direction", () => {
    const deliberate: SourceFile[] = [
      { path: 'server/services/sessions/x.ts', source: "import { rulesOf } from '../assignments/rules.ts';" },
      {
        path: 'server/services/images/x.ts',
        source: "import type { StorageQuota } from '../storage/storage-quota.ts';",
      },
      { path: 'src/features/x/x.tsx', source: "import { Header } from '../../app/Header.tsx';" },
      { path: 'src/shared/ui/x.tsx', source: "const page = import('../../features/catalog/SubjectsPage.tsx');" },
    ];
    expect(layerViolations(deliberate).map((v) => `${v.file} -> ${v.imports}: ${v.rule}`)).toEqual([
      'server/services/sessions/x.ts -> ../assignments/rules.ts: server/services/sessions is below server/services/assignments',
      'server/services/images/x.ts -> ../storage/storage-quota.ts: server/services/images is below server/services/storage',
      'src/features/x/x.tsx -> ../../app/Header.tsx: src/features is below src/app',
      'src/shared/ui/x.tsx -> ../../features/catalog/SubjectsPage.tsx: src/shared is below src/features',
    ]);
    // Downwards, and within a part, is the way.
    expect(
      layerViolations([
        {
          path: 'server/services/assignments/x.ts',
          source: "import { seededOrder } from '../sessions/seeded-order.ts';",
        },
        { path: 'src/app/x.tsx', source: "import { AuthModals } from '../features/auth/auth-modals-loader.ts';" },
        { path: 'src/features/x/x.tsx', source: "import { Field } from '../../shared/forms/Field.tsx';" },
      ]),
    ).toEqual([]);
  });

  it('names every service domain in its order, so that a new one is placed deliberately', () => {
    const named = PART_RANKS['server/services']?.flat() ?? [];
    const present = [...new Set(trackedSources().map((file) => file.path.match(/^server\/services\/([^/]+)\//)?.[1]))];
    expect(present.filter((part): part is string => !!part).sort()).toEqual([...named].sort());
  });
});
