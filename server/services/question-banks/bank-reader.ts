/**
 * Reading uploaded banks off the event loop: XML, zips and spreadsheets of several megabytes take a
 * tenth of a second or more to parse, which answers and `/health` would otherwise wait out. A small
 * pool of threads (platform/thread-pool.ts) reads them, one file per thread at a time, each tutor's
 * files in a lane of their own so that one tutor's import does not make another's wait. A file gets
 * a time budget: a read past it is stopped (its thread replaced) and the file refused, and so is one
 * whose reader fails, so no file stalls the server or answers 500. What comes back is what
 * read-bank-file.ts makes of each (structured-cloned: pictures as bytes).
 */
import type { Locale } from '../../../contract/locale.ts';
import { phrase } from '../../i18n/messages.ts';
import { ThreadPool } from '../platform/thread-pool.ts';
import type { BankFile } from './read-bank-file.ts';

const WORKER = new URL('./bank-worker.mjs', import.meta.url);

export interface BankReaderOptions {
  /** Files read at once. */
  threads: number;
  /** How long one file may take. */
  budgetMs: number;
}

/** A 24 MB zip may unpack to 100 MB and its XML take a few times that: a thread never needs more. */
const THREAD_HEAP_MB = 1024;

export class BankReader {
  private readonly pool: ThreadPool<{ bytes: Uint8Array; language: Locale }, BankFile>;

  constructor(private readonly options: BankReaderOptions = { threads: 2, budgetMs: 20_000 }) {
    this.pool = new ThreadPool(WORKER, {
      threads: options.threads,
      budgetMs: options.budgetMs,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
  }

  /** The file read; `lane`: whose it is (a tutor's id). */
  async read(bytes: Uint8Array, language: Locale, lane = ''): Promise<BankFile> {
    const outcome = await this.pool.run({ bytes, language }, { lane });
    if ('value' in outcome) return outcome.value;
    switch (outcome.failed) {
      case 'overrun':
        return { refused: phrase('bankReadTooLong', { seconds: String(Math.round(this.options.budgetMs / 1000)) }) };
      case 'error':
        return { refused: phrase('bankUnreadable') };
      default:
        throw new Error(
          `the bank reader could not read the file (${outcome.failed}${outcome.message ? `: ${outcome.message}` : ''})`,
        );
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
