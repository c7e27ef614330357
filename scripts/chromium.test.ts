import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYWRIGHT_CHROMIUM_ARGS, PLAYWRIGHT_FEATURES_OFF, QUIET_FEATURES_OFF } from './chromium.ts';

/** The `disabledFeatures` list in the installed Playwright's source, as written there. */
function installedPlaywrightFeaturesOff(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const source = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(source)?.[1];
  if (!list)
    throw new Error("the installed Playwright's disabledFeatures list was not found: check scripts/chromium.ts");
  return [...list.matchAll(/^\s*"([^"]+)"/gm)].map((match) => match[1] ?? '');
}

describe('the Chromium flags of Playwright runs', () => {
  it("repeat the installed Playwright's own disabled features, since Chromium keeps only the last list", () => {
    const installed = installedPlaywrightFeaturesOff();
    expect(installed.length).toBeGreaterThan(5);
    expect([...PLAYWRIGHT_FEATURES_OFF]).toEqual(installed);
  });

  it('give exactly one --disable-features, with both lists', () => {
    const flags = PLAYWRIGHT_CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(flags).toHaveLength(1);
    const features = flags[0]?.slice('--disable-features='.length).split(',');
    expect(features).toEqual([...PLAYWRIGHT_FEATURES_OFF, ...QUIET_FEATURES_OFF]);
  });
});
