import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS } from './breakpoints.ts';

// Vitest runs from the package root.
const SRC = join(process.cwd(), 'src');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Every width feature in every `@media` of a stylesheet, with its value in px. */
function mediaWidths(css: string): { feature: string; px: number; text: string }[] {
  const found: { feature: string; px: number; text: string }[] = [];
  for (const [, query = ''] of css.matchAll(/@media([^{]*)\{/g)) {
    for (const [text, feature = '', value = '', unit = ''] of query.matchAll(
      /([a-z-]*width)\s*:\s*([\d.]+)(px|rem|em)/g,
    )) {
      found.push({ feature, px: Number(value) * (unit === 'px' ? 1 : 16), text });
    }
    if (/width\s*[<>]/.test(query)) found.push({ feature: 'range syntax', px: Number.NaN, text: query.trim() });
  }
  return found;
}

const widths = Object.values(BREAKPOINTS) as number[];

describe('CSS media queries', () => {
  const files = cssFiles(SRC);

  it('finds the stylesheets', () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it('use only the breakpoints of breakpoints.ts: min-width N px, or max-width N − 0.02 px', () => {
    const wrong: string[] = [];
    for (const file of files) {
      for (const { feature, px, text } of mediaWidths(readFileSync(file, 'utf8'))) {
        const ok =
          (feature === 'min-width' && widths.includes(px)) ||
          (feature === 'max-width' && widths.includes(Math.round((px + 0.02) * 100) / 100));
        if (!ok) wrong.push(`${relative(SRC, file)}: ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('catches a width that is not a breakpoint', () => {
    expect(mediaWidths('@media (max-width: 30rem) { a {} }')).toEqual([
      { feature: 'max-width', px: 480, text: 'max-width: 30rem' },
    ]);
  });
});
