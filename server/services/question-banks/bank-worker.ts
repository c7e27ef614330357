/** Reads each file it is sent (bank-reader.ts) and answers with what read-bank-file.ts makes of it. */
import { parentPort } from 'node:worker_threads';
import type { Locale } from '../../../contract/locale.ts';
import { readBankFile } from './read-bank-file.ts';

parentPort?.on('message', ({ id, bytes, language }: { id: number; bytes: Uint8Array; language: Locale }) => {
  try {
    parentPort?.postMessage({ id, read: readBankFile(bytes, language) });
  } catch (error) {
    parentPort?.postMessage({ id, error: (error as Error).message });
  }
});
