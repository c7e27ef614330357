import type { Struct } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { INT4_MAX, LATEST_TIME } from './bounds.ts';
import { LessonFile } from './content.ts';
import { ENDPOINTS } from './endpoints/index.ts';
import { notesOf } from './structs.ts';

// biome-ignore lint/suspicious/noExplicitAny: any struct of the contract
type AnyStruct = Struct<any, any>;

/** Every number struct a request may hold, with where it is. */
function numbersIn(struct: AnyStruct, path: string, found: [string, AnyStruct][] = []): [string, AnyStruct][] {
  const { branches, values } = notesOf(struct);
  switch (struct.type) {
    case 'number':
    case 'integer':
      found.push([path, struct]);
      break;
    case 'object':
    case 'type':
      for (const [key, field] of Object.entries(struct.schema as Record<string, AnyStruct>)) {
        numbersIn(field, `${path}.${key}`, found);
      }
      break;
    case 'array':
      if (struct.schema) numbersIn(struct.schema as AnyStruct, `${path}[]`, found);
      break;
    case 'union':
      for (const [i, branch] of (branches ?? []).entries()) numbersIn(branch, `${path}|${i}`, found);
      break;
    case 'record':
      if (values) numbersIn(values, `${path}{}`, found);
      break;
  }
  return found;
}

const requests: [string, AnyStruct][] = [
  ...Object.entries(ENDPOINTS).flatMap(([name, e]) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const struct = e[part] as AnyStruct | undefined;
      return struct ? [[`${name}.${part}`, struct] as [string, AnyStruct]] : [];
    }),
  ),
  // The import's files arrive as unknown() and are checked as lesson files.
  ['lesson file', LessonFile],
];
const numbers = requests.flatMap(([name, struct]) => numbersIn(struct, name));

describe('every number a request may carry', () => {
  it('is found where the requests hold numbers', () => {
    const paths = numbers.map(([path]) => path);
    expect(paths).toContain('saveDraft.body.revision');
    expect(paths).toContain('createAssignment.body.rules.opens_at');
    expect(paths).toContain('lesson file.blocks[].questions[]|3.tolerance');
    expect(paths.length).toBeGreaterThan(15);
  });

  it('has bounds, so it is finite', () => {
    const unbounded = numbers
      .filter(([, struct]) => {
        const { min, max } = notesOf(struct);
        return !(Number.isFinite(min) && Number.isFinite(max));
      })
      .map(([path]) => path);
    expect(unbounded).toEqual([]);
  });

  it('is, when whole, within a PostgreSQL integer or a time (bigint)', () => {
    const tooLarge = numbers
      .filter(([, struct]) => struct.type === 'integer')
      .filter(([, struct]) => {
        const { min = 0, max = 0 } = notesOf(struct);
        return !(max === LATEST_TIME || (max <= INT4_MAX && min >= -INT4_MAX - 1));
      })
      .map(([path]) => path);
    expect(tooLarge).toEqual([]);
  });
});
