import { describe, expect, it } from 'vitest';
import { databaseUrl } from '../test/helpers.ts';
import { namingClient, StatementNames } from './prepared-statements.ts';

describe('the names of statements run again and again', () => {
  it('names a text from its third time on, the same name in every instance', () => {
    const a = new StatementNames();
    const b = new StatementNames();
    const text = 'select 1 where $1 = $1';
    expect([a.nameOf(text), a.nameOf(text)]).toEqual([undefined, undefined]);
    const name = a.nameOf(text);
    expect(name).toMatch(/^z[0-9a-f]{24}$/);
    expect(a.nameOf(text)).toBe(name);
    for (let i = 0; i < 2; i++) b.nameOf(text);
    expect(b.nameOf(text)).toBe(name);
    expect(a.nameOf('select 2')).toBeUndefined();
  });

  it('names at most 200 texts', () => {
    const names = new StatementNames();
    for (let i = 0; i < 250; i++) for (let k = 0; k < 3; k++) names.nameOf(`select ${i}`);
    expect(names.size).toBe(200);
    expect(names.nameOf('select 0')).toBeDefined();
    expect(names.nameOf('select 249')).toBeUndefined();
  });
});

describe.runIf(databaseUrl)('named statements on PostgreSQL', () => {
  it('answer as the plain query does, and are prepared once on the connection', async () => {
    const Client = namingClient(new StatementNames());
    const client = new Client({ connectionString: databaseUrl as string });
    await client.connect();
    try {
      const text = 'select $1::int + 1 as n';
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) answers.push((await client.query(text, [i])).rows[0].n);
      expect(answers).toEqual([1, 2, 3, 4, 5, 6]);
      const prepared = await client.query('select name from pg_prepared_statements where statement = $1', [text]);
      expect(prepared.rows).toHaveLength(1);
    } finally {
      await client.end();
    }
  });
});
