/**
 * Whether the formulas of tutors' texts parse, and their MathML for an export, decided off the
 * event loop. temml is synchronous, and a draft of long formulas held the whole server for seconds
 * (48 formulas of 10,000 characters each, 6 s; every answer and /health waited behind them). So the
 * formulas go to a small pool of worker threads (platform/thread-pool.ts), each formula with a time
 * budget of its own (a thread that overruns it is ended and replaced, and the formula counts as too
 * complex) and each request with one for all of its formulas (what it has not reached in time is
 * "not checked yet"; what was checked is kept). Each verdict is kept by the formula's hash, so a
 * checklist asked again, a publish after it, or an import of the same test checks nothing twice.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hasTex, splitTex } from '../../../contract/tex.ts';
import { ThreadPool } from '../platform/thread-pool.ts';

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

/** A formula as written: its TeX, and whether it stands on a line of its own. */
export interface Formula {
  tex: string;
  display: boolean;
}

type Job = Formula & { kind: 'check' | 'render' };

const WORKER = new URL('./formula-worker.mjs', import.meta.url);
/** A formula's key in `render`'s answer. */
export const formulaKey = (f: Formula) => `${f.display ? 'D' : 'I'}${f.tex}`;

/** A verdict's key: the formula's hash, so that the kept verdicts take little memory however long the formulas. */
const keyOf = (tex: string, display: boolean) =>
  createHash('sha256').update(formulaKey({ tex, display })).digest('hex');

export class FormulaChecker {
  private readonly verdicts = new Map<string, 'ok' | 'bad'>();
  /** Formulas being checked now, so that two requests for one formula share its check. */
  private readonly pending = new Map<string, Promise<FormulaVerdict>>();
  private readonly pool: ThreadPool<Job, boolean | string>;
  private readonly options: Required<FormulaCheckerOptions>;

  constructor(options: FormulaCheckerOptions = {}) {
    this.options = {
      threads: options.threads ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
      formulaBudgetMs: options.formulaBudgetMs ?? 2_000,
      requestBudgetMs: options.requestBudgetMs ?? 15_000,
      keep: options.keep ?? 20_000,
    };
    this.pool = new ThreadPool(WORKER, { threads: this.options.threads, budgetMs: this.options.formulaBudgetMs });
  }

  /** Formulas being checked or waiting for a thread. */
  get busy(): number {
    return this.pool.busy;
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

  /**
   * Each formula as MathML (its TeX kept as the annotation), rendered on the pool's threads within
   * the request's budget; null for one that overran or was not reached (the export then writes its
   * TeX alone). Keyed by `formulaKey`.
   */
  async render(formulas: Iterable<Formula>): Promise<Map<string, string | null>> {
    const deadline = Date.now() + this.options.requestBudgetMs;
    const unique = new Map([...formulas].map((f) => [formulaKey(f), f]));
    const rendered = await Promise.all(
      [...unique].map(async ([key, f]) => {
        const outcome = await this.pool.run({ kind: 'render', ...f }, { deadline });
        return [key, 'value' in outcome && typeof outcome.value === 'string' ? outcome.value : null] as const;
      }),
    );
    return new Map(rendered);
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
    const checked = this.pool
      .run({ kind: 'check', tex, display }, { deadline })
      .then((outcome): FormulaVerdict => {
        // A thread that failed on a formula (not one that overran, or never started) fails on it again.
        const verdict =
          'value' in outcome ? (outcome.value ? 'ok' : 'bad') : outcome.failed === 'error' ? 'bad' : 'slow';
        if (verdict !== 'slow') this.remember(key, verdict);
        return verdict;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, checked);
    return checked;
  }

  private remember(key: string, verdict: 'ok' | 'bad') {
    this.verdicts.set(key, verdict);
    if (this.verdicts.size > this.options.keep) this.verdicts.delete(this.verdicts.keys().next().value as string);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
