import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function ensure(env: Record<string, string>) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-chromium.ts'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { ...result, ms: performance.now() - started };
}

describe('the browser check before browser tests', () => {
  it('stops at once with the command to run when Chromium is missing and cannot be installed here', () => {
    // As root but without apt-get on the PATH, and with installing turned off: both must only ask.
    const cases: Record<string, string>[] = [
      { CHROMIUM_PATH: '/nonexistent/chromium', CHROMIUM_AUTO_INSTALL: '0' },
      { CHROMIUM_PATH: '/nonexistent/chromium', PATH: '/nonexistent-bin' },
    ];
    for (const env of cases) {
      const result = ensure(env);
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toContain('sudo apt-get install -y chromium');
      expect(result.stderr).toContain('/nonexistent/chromium');
      // "Within a second" is the script's own work; the bound here also covers starting Node and tsx.
      expect(result.ms).toBeLessThan(5_000);
    }
  });

  it('does nothing when the browser is there', () => {
    const result = ensure({ CHROMIUM_PATH: process.execPath, CHROMIUM_AUTO_INSTALL: '0' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });

  it("installs Debian's chromium through apt-get when it runs as root, and asks otherwise", () => {
    // A stand-in apt-get that "installs" by putting an executable where the browser belongs.
    const dir = mkdtempSync(join(tmpdir(), 'zalik-apt-'));
    const browser = join(dir, 'chromium');
    const log = join(dir, 'apt.log');
    writeFileSync(
      join(dir, 'apt-get'),
      `#!/bin/sh\necho "$@" >> ${log}\nif [ "$1" = install ]; then printf '#!/bin/sh\\n' > ${browser}; chmod +x ${browser}; fi\n`,
    );
    chmodSync(join(dir, 'apt-get'), 0o755);
    const result = ensure({ CHROMIUM_PATH: browser, PATH: `${dir}:/usr/bin:/bin` });
    if (process.getuid?.() === 0) {
      expect(result.status, result.stderr).toBe(0);
      expect(existsSync(browser)).toBe(true);
      expect(spawnSync('cat', [log], { encoding: 'utf8' }).stdout).toMatch(/install -y -qq chromium/);
    } else {
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('sudo apt-get install -y chromium');
    }
  });
});
