/** Lesson files in and out of the browser: read the tutor's chosen files, save a test as one. */
import { saveFile } from '../../shared/files/save-file.ts';

export interface ReadFiles {
  names: string[];
  values: unknown[];
  /** Files that are not JSON at all: refused here, before anything is sent. */
  problems: { file: string }[];
}

export async function readJsonFiles(files: FileList | readonly File[]): Promise<ReadFiles> {
  const read: ReadFiles = { names: [], values: [], problems: [] };
  for (const file of Array.from(files)) {
    read.names.push(file.name);
    try {
      read.values.push(JSON.parse(await file.text()));
    } catch {
      read.problems.push({ file: file.name });
    }
  }
  return read;
}

/** Saves a value as a pretty-printed JSON file through the browser's download. */
export function downloadJson(name: string, value: unknown): void {
  saveFile(name, new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }));
}
