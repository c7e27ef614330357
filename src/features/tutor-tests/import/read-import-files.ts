/** The tutor's chosen files as an import sends them: each file's bytes in base64, whatever its format. */
import { type ImportFile, MAX_IMPORT_FILE_BYTES } from '../../../../contract/question-banks.ts';
import { base64Of } from '../../../shared/files/base64-of.ts';

export interface ReadImportFiles {
  files: ImportFile[];
  /** Files larger than one import may carry, refused here before anything is sent. */
  tooLarge: string[];
}

export async function readImportFiles(chosen: readonly File[]): Promise<ReadImportFiles> {
  const read: ReadImportFiles = { files: [], tooLarge: [] };
  for (const file of chosen) {
    if (file.size > MAX_IMPORT_FILE_BYTES) read.tooLarge.push(file.name);
    else read.files.push({ name: file.name, data: await base64Of(file) });
  }
  return read;
}
