/**
 * Reads lesson and catalog files and checks them completely before anything touches the database,
 * so that an import is all or nothing and every problem names its file and field.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { CatalogFile, type LessonFile } from '../../contract/content.ts';
import { validateSafely } from '../http-error.ts';
import { say } from '../i18n/messages.ts';
import { checkLessonFile } from './lesson-file-problems.ts';

export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

export interface ContentBundle {
  catalogs: { file: string; data: CatalogFile }[];
  lessons: { file: string; data: LessonFile }[];
}

export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(problems.map((p) => `${p.file}: ${p.field || '(file)'}: ${p.message}`).join('\n'));
    this.name = 'ContentError';
  }
}

/** Every `.json` file under a path (a file or a folder), in a stable order. */
async function listContentFiles(path: string): Promise<string[]> {
  const info = await stat(path);
  if (info.isFile()) return [resolve(path)];
  const out: string[] = [];
  for (const entry of (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) out.push(...(await listContentFiles(full)));
    else if (entry.name.endsWith('.json')) out.push(resolve(full));
  }
  return out;
}

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}

/** Reads and validates every file; throws a ContentError naming every problem found. */
export async function loadContent(path: string): Promise<ContentBundle> {
  const files = await listContentFiles(path);
  const problems: ContentProblem[] = [];
  const bundle: ContentBundle = { catalogs: [], lessons: [] };
  if (files.length === 0) problems.push({ file: path, field: '', message: 'no .json content files found' });
  for (const full of files) {
    const file = relative(process.cwd(), full) || full;
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(full, 'utf8'));
    } catch (error) {
      problems.push({ file, field: '', message: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    const kind = (raw as { kind?: unknown } | null)?.kind;
    if (kind === 'catalog') {
      // Coercion runs the texts' `trimmed`: without it a text of spaces alone passed as written.
      const [error, data] = validateSafely(raw, CatalogFile, { coerce: true });
      if (error) problems.push(...error.failures().map((f) => ({ file, field: f.path.join('.'), message: f.message })));
      else bundle.catalogs.push({ file, data });
    } else if (kind === 'lesson') {
      const { problems: found, lesson } = checkLessonFile(raw);
      problems.push(...found.map((p) => ({ file, field: p.field, message: say(p.said, 'en') })));
      if (lesson) bundle.lessons.push({ file, data: lesson });
    } else {
      problems.push({ file, field: 'kind', message: 'must be "catalog" or "lesson"' });
    }
  }
  for (const slug of duplicates(bundle.lessons.map((l) => l.data.slug))) {
    problems.push({ file: path, field: 'slug', message: `lesson slug "${slug}" appears in more than one file` });
  }
  if (problems.length) throw new ContentError(problems);
  return bundle;
}
