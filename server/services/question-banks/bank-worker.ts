/**
 * Reads each file it is sent (bank-reader.ts, through platform/thread-pool.ts) and answers with what
 * read-bank-file.ts makes of it; a reader that throws (a file nested past the stack, say) answers
 * its message, and the import refuses that file.
 */
import { parentPort } from 'node:worker_threads';
import type { Locale } from '../../../contract/locale.ts';
import { readBankFile } from './read-bank-file.ts';

parentPort?.on('message', ({ id, input }: { id: number; input: { bytes: Uint8Array; language: Locale } }) => {
  try {
    parentPort?.postMessage({ id, value: readBankFile(input.bytes, input.language) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort?.postMessage({ ready: true });
