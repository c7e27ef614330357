/** A test saved as a lesson file through the browser's download. */
import { saveFile } from '../../shared/files/save-file.ts';

/** Saves a value as a pretty-printed JSON file through the browser's download. */
export function downloadJson(name: string, value: unknown): void {
  saveFile(name, new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }));
}
