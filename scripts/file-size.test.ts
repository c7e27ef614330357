import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The standing rule: no source file over this many lines (tests aside); a longer one is split by job. */
const MAX_LINES = 300;

describe('the size of the source files', () => {
  it(`keeps every source file, scripts and benchmarks included, at ${MAX_LINES} lines or fewer`, () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
      .split('\n')
      .filter((path) => /\.(?:ts|tsx|mts|mjs)$/.test(path) && !/\.(?:test|spec)\.|^e2e\/.*\.spec\./.test(path))
      .filter((path) => existsSync(path));
    expect(files.length).toBeGreaterThan(300);
    const long = files
      .map((path) => [path, readFileSync(path, 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > MAX_LINES)
      .map(([path, lines]) => `${path}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
