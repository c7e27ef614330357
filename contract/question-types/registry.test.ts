import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUESTION_SHAPES } from '../content.ts';
import { QUESTION_TYPE_LIST, QUESTION_TYPE_NAMES, QUESTION_TYPES, sampleAnswer } from './registry.ts';

const root = join(import.meta.dirname, '..', '..');
const LAYERS = ['contract', 'server', 'src', 'workers', 'offline-queue', 'app-shell', 'api-client', 'scripts'];

/** A type's own files: the only places that may name it in a switch or a comparison. */
const TYPE_HOMES = [
  'contract/question-types/',
  'server/services/question-banks/types/',
  'src/features/question-types/',
];

/** Files whose matches are not question types: JSON Schema's own `type` names. */
const NOT_QUESTION_TYPES = ['server/openapi/json-schema.ts'];

/**
 * Files that still switch on a type name, moved into their type's units one by one (issue 47). The
 * list must be exact: a file that no longer switches must leave it, and no file may join it.
 */
const STILL_TO_MOVE: string[] = [];

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const names = QUESTION_TYPE_NAMES.join('|');
/** `case 'single'`, `type === 'number'`, `q.type !== "text"` and the like. */
const SWITCH = new RegExp(`(?:case\\s+|\\btype\\s*[!=]==?\\s*)['"\`](?:${names})['"\`]`);

describe('the question type registry', () => {
  it('lists each type once, by the name its question carries', () => {
    for (const [name, unit] of Object.entries(QUESTION_TYPES)) expect(unit.name).toBe(name);
    expect(new Set(QUESTION_TYPE_NAMES).size).toBe(QUESTION_TYPE_LIST.length);
    expect(Object.keys(QUESTION_SHAPES)).toEqual(QUESTION_TYPE_NAMES);
  });

  it('makes sample answers only for the types it has', () => {
    expect(() => sampleAnswer({ type: 'toString' })).toThrow('No question type toString');
    expect(() => sampleAnswer({ type: 'hotspot' })).toThrow('No question type hotspot');
  });

  it('finds a type switch outside the types’ own files', () => {
    expect(SWITCH.test("switch (q.type) { case 'single': }")).toBe(true);
    expect(SWITCH.test("if (question.type === 'number') return;")).toBe(true);
    expect(SWITCH.test("const t = { type: 'number' };")).toBe(false);
  });

  it('is the only place a type name is switched on (but for the files still to move)', () => {
    const switching = LAYERS.flatMap(sources)
      .map((path) => relative(root, join(root, path)))
      .filter((path) => !TYPE_HOMES.some((home) => path.startsWith(home)) && !NOT_QUESTION_TYPES.includes(path))
      .filter((path) => SWITCH.test(readFileSync(join(root, path), 'utf8')));
    expect(switching.sort()).toEqual([...STILL_TO_MOVE].sort());
  });
});
