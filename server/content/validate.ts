/**
 * Reads lesson and catalog files and checks them completely before anything touches the database,
 * so that an import is all or nothing and every problem names its file and field.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { StructError } from 'superstruct';
import { CatalogFile, LessonFile } from '../../contract/content.ts';
import { validateSafely } from '../http-error.ts';

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

function structProblems(file: string, error: StructError): ContentProblem[] {
  return error.failures().map((f) => ({
    file,
    field: f.path.join('.'),
    message: f.message,
  }));
}

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}

/** Checks a lesson beyond its shape: unique keys, correct answers among the options. */
function lessonProblems(file: string, lesson: LessonFile): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const add = (field: string, message: string) => problems.push({ file, field, message });
  for (const id of duplicates(lesson.blocks.map((b) => b.id))) add('blocks', `block id "${id}" is used twice`);
  const questionIds = lesson.blocks.flatMap((b) => b.questions.map((q) => q.id));
  for (const id of duplicates(questionIds)) add('blocks', `question id "${id}" is used twice in the lesson`);
  lesson.blocks.forEach((block, bi) => {
    block.questions.forEach((q, qi) => {
      const at = `blocks.${bi}.questions.${qi}`;
      if (q.type === 'single' && !q.options.some((o) => o.id === q.correct)) {
        add(`${at}.correct`, `"${q.correct}" is not one of the options`);
      }
      if (q.type === 'multiple') {
        const ids = new Set(q.options.map((o) => o.id));
        for (const c of q.correct) if (!ids.has(c)) add(`${at}.correct`, `"${c}" is not one of the options`);
        if (duplicates(q.correct).length) add(`${at}.correct`, 'correct options are listed twice');
      }
    });
  });
  return problems;
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
    // Coercion runs the texts' `trimmed`: without it a text of spaces alone passed as written.
    if (kind === 'catalog') {
      const [error, data] = validateSafely(raw, CatalogFile, { coerce: true });
      if (error) problems.push(...structProblems(file, error));
      else bundle.catalogs.push({ file, data });
    } else if (kind === 'lesson') {
      const [error, data] = validateSafely(raw, LessonFile, { coerce: true });
      if (error) problems.push(...structProblems(file, error));
      else {
        const more = lessonProblems(file, data);
        if (more.length) problems.push(...more);
        else bundle.lessons.push({ file, data });
      }
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
