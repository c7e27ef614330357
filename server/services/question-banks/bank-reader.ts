/**
 * Reading an uploaded bank off the event loop: XML, zips and spreadsheets of several megabytes take a
 * tenth of a second or more to parse, which answers and `/health` would otherwise wait out. One thread,
 * started on first use and kept while the server runs, reads the files one after another; what it
 * sends back is what read-bank-file.ts makes of each (structured-cloned: pictures as bytes).
 */
import { Worker } from 'node:worker_threads';
import type { Locale } from '../../../contract/locale.ts';
import type { BankFile } from './read-bank-file.ts';

const WORKER = new URL('./bank-worker.mjs', import.meta.url);

interface Pending {
  resolve: (read: BankFile) => void;
  reject: (error: Error) => void;
}

export class BankReader {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private next = 1;

  read(bytes: Uint8Array, language: Locale): Promise<BankFile> {
    const worker = this.thread();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, bytes, language });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER);
    worker.on('message', ({ id, read, error }: { id: number; read?: BankFile; error?: string }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error !== undefined || !read) waiting?.reject(new Error(error ?? 'the bank reader answered nothing'));
      else waiting?.resolve(read);
    });
    // A thread that fails or exits fails what waits on it; the next read starts another.
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the bank reader stopped (${code})`)));
    this.worker = worker;
    return worker;
  }
}
