/** The tutor's chosen files as an import sends them: each file's bytes in base64, whatever its format. */
import { type ImportFile, MAX_IMPORT_FILE_BYTES } from '../../../../contract/question-banks.ts';
import { base64Of } from '../../../shared/files/base64-of.ts';

export interface ReadImportFiles {
  files: ImportFile[];
  /** Files larger than one import may carry, refused here before anything is sent. */
  tooLarge: string[];
  /** The files fit one by one, but not together (MAX_IMPORT_FILE_BYTES is the import's whole). */
  tooLargeTogether: boolean;
}

export async function readImportFiles(chosen: readonly File[]): Promise<ReadImportFiles> {
  const tooLarge = chosen.filter((file) => file.size > MAX_IMPORT_FILE_BYTES).map((file) => file.name);
  const together = chosen.reduce((sum, file) => sum + file.size, 0) > MAX_IMPORT_FILE_BYTES;
  // Nothing is read of an import that will not be sent.
  if (tooLarge.length > 0 || together) return { files: [], tooLarge, tooLargeTogether: tooLarge.length === 0 };
  const files = [];
  for (const file of chosen) files.push({ name: file.name, data: await base64Of(file) });
  return { files, tooLarge, tooLargeTogether: false };
}
