/**
 * Whether the formulas of tutors' texts parse, decided off the event loop. temml is synchronous,
 * and a draft of long formulas held the whole server for seconds (48 formulas of 10,000 characters
 * each, 6 s; every answer and /health waited behind them). So the formulas go to a small pool of
 * worker threads, each formula with a time budget of its own (a thread that overruns it is ended
 * and replaced, and the formula counts as too complex) and each request with one for all of its
 * formulas (what it has not reached in time is "not checked yet"; what was checked is kept). Each
 * verdict is kept by the formula's hash, so a checklist asked again, a publish after it, or an
 * import of the same test checks nothing twice.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { hasTex, splitTex } from '../../../contract/tex.ts';

/** `slow`: over a formula's budget, or not reached within the request's. */
export type FormulaVerdict = 'ok' | 'bad' | 'slow';

export interface FormulaCheckerOptions {
  /** Threads at most; started when first needed. */
  threads?: number;
  formulaBudgetMs?: number;
  requestBudgetMs?: number;
  /** Verdicts kept (the oldest go first). */
  keep?: number;
}

interface Task {
  key: string;
  tex: string;
  display: boolean;
  done: (verdict: FormulaVerdict) => void;
  deadline: number;
}

interface Thread {
  worker: Worker;
  /** Loaded (temml takes a moment), so that a formula's budget is its own. */
  ready: boolean;
  task: Task | null;
  timer?: NodeJS.Timeout;
}

const WORKER = new URL('./formula-worker.mjs', import.meta.url);
const keyOf = (tex: string, display: boolean) =>
  createHash('sha256')
    .update(`${display ? 'D' : 'I'}${tex}`)
    .digest('hex');

export class FormulaChecker {
  private readonly verdicts = new Map<string, 'ok' | 'bad'>();
  /** Formulas being checked now, so that two requests for one formula share its check. */
  private readonly pending = new Map<string, Promise<FormulaVerdict>>();
  private readonly queue: Task[] = [];
  private readonly threads: Thread[] = [];
  private readonly options: Required<FormulaCheckerOptions>;
  private closed = false;

  constructor(options: FormulaCheckerOptions = {}) {
    this.options = {
      threads: options.threads ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
      formulaBudgetMs: options.formulaBudgetMs ?? 2_000,
      requestBudgetMs: options.requestBudgetMs ?? 15_000,
      keep: options.keep ?? 20_000,
    };
  }

  /** Formulas being checked or waiting for a thread. */
  get busy(): number {
    return this.queue.length + this.threads.filter((t) => t.task !== null).length;
  }

  /** Each text's verdict: `bad` when a formula of it does not parse, else `slow` when one was not checked, else `ok`. */
  async check(texts: Iterable<string>): Promise<Map<string, FormulaVerdict>> {
    const deadline = Date.now() + this.options.requestBudgetMs;
    const byText = new Map<string, Promise<FormulaVerdict>[]>();
    for (const text of texts) {
      if (byText.has(text) || !hasTex(text)) continue;
      byText.set(
        text,
        splitTex(text).flatMap((part) =>
          part.kind === 'tex' ? [this.verdictOf(part.tex, part.display, deadline)] : [],
        ),
      );
    }
    const out = new Map<string, FormulaVerdict>();
    for (const [text, parts] of byText) {
      const verdicts = await Promise.all(parts);
      out.set(text, verdicts.includes('bad') ? 'bad' : verdicts.includes('slow') ? 'slow' : 'ok');
    }
    return out;
  }

  private verdictOf(tex: string, display: boolean, deadline: number): Promise<FormulaVerdict> {
    const key = keyOf(tex, display);
    const known = this.verdicts.get(key);
    if (known) {
      // Kept as the most recently used.
      this.verdicts.delete(key);
      this.verdicts.set(key, known);
      return Promise.resolve(known);
    }
    const pending = this.pending.get(key);
    if (pending) return pending;
    const checked = new Promise<FormulaVerdict>((done) => {
      this.queue.push({ key, tex, display, deadline, done });
      this.next();
    }).finally(() => this.pending.delete(key));
    this.pending.set(key, checked);
    return checked;
  }

  private remember(key: string, verdict: 'ok' | 'bad') {
    this.verdicts.set(key, verdict);
    if (this.verdicts.size > this.options.keep) this.verdicts.delete(this.verdicts.keys().next().value as string);
  }

  /** Gives the next task to an idle thread (starting one if the pool has room). */
  private next(): void {
    while (this.queue.length > 0) {
      const task = this.queue[0] as Task;
      if (this.closed || Date.now() >= task.deadline) {
        this.queue.shift();
        task.done('slow');
        continue;
      }
      const thread = this.threads.find((t) => t.ready && t.task === null);
      if (!thread) {
        if (!this.threads.some((t) => !t.ready)) this.start();
        return;
      }
      this.queue.shift();
      thread.task = task;
      thread.timer = setTimeout(() => this.overrun(thread), this.options.formulaBudgetMs);
      thread.worker.ref();
      thread.worker.postMessage({ id: task.key, tex: task.tex, display: task.display });
    }
  }

  private start(): void {
    if (this.closed || this.threads.length >= this.options.threads) return;
    const thread: Thread = { worker: new Worker(WORKER), ready: false, task: null };
    thread.worker.on('message', ({ id, ok, ready }: { id?: string; ok?: boolean; ready?: true }) => {
      if (ready) {
        thread.ready = true;
        return this.next();
      }
      const task = thread.task;
      if (!task || task.key !== id) return;
      this.finish(thread, ok ? 'ok' : 'bad');
    });
    thread.worker.on('error', () => this.replace(thread, 'bad'));
    thread.worker.on('exit', () => this.replace(thread, 'slow'));
    this.threads.push(thread);
  }

  private finish(thread: Thread, verdict: 'ok' | 'bad') {
    const task = thread.task as Task;
    clearTimeout(thread.timer);
    thread.task = null;
    // An idle thread does not keep the process alive.
    thread.worker.unref();
    this.remember(task.key, verdict);
    task.done(verdict);
    this.next();
  }

  /** A formula over its budget: its thread is ended (temml cannot be interrupted) and replaced. */
  private overrun(thread: Thread) {
    void thread.worker.terminate();
  }

  /** A thread gone (ended for overrunning, or failed): its formula gets `verdict`, and the queue goes on. */
  private replace(thread: Thread, verdict: FormulaVerdict) {
    const at = this.threads.indexOf(thread);
    if (at < 0) return;
    this.threads.splice(at, 1);
    clearTimeout(thread.timer);
    const task = thread.task;
    thread.task = null;
    if (task) {
      if (verdict !== 'slow') this.remember(task.key, verdict);
      task.done(verdict);
    }
    // A thread that could not even load would fail again: what waits is not checked, this time.
    if (!thread.ready) for (const waiting of this.queue.splice(0)) waiting.done('slow');
    this.next();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.next();
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}
