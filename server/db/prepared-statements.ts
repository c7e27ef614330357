/**
 * Named (prepared) statements for the queries a PostgreSQL connection runs again and again: the
 * database then parses and plans an exam's answer insert once per connection rather than once per
 * answer. Kysely sends every query as text with its parameters; the pool's clients give a name to
 * each text seen PREPARE_AFTER times, up to MAX_NAMED texts (queries whose text varies, such as an
 * `in` list's length, mostly stay unnamed).
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

const PREPARE_AFTER = 3;
const MAX_NAMED = 200;
/** Texts counted before they earn a name; forgotten all at once when full. */
const MAX_COUNTED = 5_000;

export class StatementNames {
  private readonly counts = new Map<string, number>();
  private readonly names = new Map<string, string>();

  /** The statement's name, once its text has been seen often enough; undefined until then. */
  nameOf(text: string): string | undefined {
    const named = this.names.get(text);
    if (named || this.names.size >= MAX_NAMED) return named;
    const seen = (this.counts.get(text) ?? 0) + 1;
    if (seen < PREPARE_AFTER) {
      if (this.counts.size >= MAX_COUNTED) this.counts.clear();
      this.counts.set(text, seen);
      return undefined;
    }
    this.counts.delete(text);
    // The text's own digest: every connection and process gives one text the same name.
    const name = `z${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

/** A pg client class whose plain `query(text, values)` calls run as named statements once hot. */
export function namingClient(names: StatementNames): typeof pg.Client {
  return class NamingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads are many; only one form is changed
    override query(config: any, values?: any, callback?: any): any {
      if (typeof config === 'string' && Array.isArray(values) && callback === undefined) {
        const name = names.nameOf(config);
        if (name) return super.query({ name, text: config, values });
      }
      return super.query(config, values, callback);
    }
  } as typeof pg.Client;
}
