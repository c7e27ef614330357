import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** Every variable name `loadConfig` looks up, found by letting it read an environment that records. */
function variablesRead(): string[] {
  const read = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_target, name) {
      if (typeof name === 'string') read.add(name);
      return undefined;
    },
  });
  loadConfig(env);
  return [...read].sort();
}

/** The variables in the first column of the README's configuration table. */
function variablesDocumented(): string[] {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
  );
  return [...section.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1] as string).sort();
}

describe("the README's configuration table", () => {
  it('lists every variable the server reads, and none it does not', () => {
    const read = variablesRead();
    expect(read.length).toBeGreaterThan(20);
    expect(variablesDocumented()).toEqual(read);
  });
});
