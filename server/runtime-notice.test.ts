import { describe, expect, it } from 'vitest';
import { RUNTIME_MAJOR, runtimeNotice } from './runtime-notice.ts';

describe('the runtime Zalik runs on', () => {
  it('is the Node the project brings (or a newer one of the machine’s): the tests run on it too', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(RUNTIME_MAJOR);
    expect(runtimeNotice(process.versions.node, process.platform, process.arch)).toBeNull();
  });

  it('warns on an older Node, naming the platform the registry has no package for and what to do', () => {
    const notice = runtimeNotice('20.20.2', 'darwin', 'arm64');
    expect(notice).toMatch(/Node 24, but this is Node 20\.20\.2/);
    expect(notice).toMatch(/no Node 24 package for darwin-arm64/);
    expect(notice).toMatch(/Install Node 24 or newer/);
    expect(runtimeNotice('26.1.0', 'linux', 'x64')).toBeNull();
  });
});
