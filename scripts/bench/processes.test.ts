import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './processes.ts';

describe('the benchmarks’ server processes', () => {
  it('run with the node flags that npm start gives the server', () => {
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
      .start as string;
    const flags = start.split(' ').filter((word) => word.startsWith('--max') || word.startsWith('--v8'));
    expect(flags).toEqual(SERVER_NODE_FLAGS);
  });
});
