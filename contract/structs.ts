/**
 * superstruct, as the contract uses it, with notes on what superstruct itself does not keep where
 * it can be read back: a union's branches, a record's values, sizes and patterns. The OpenAPI
 * document (server/openapi) is written from the structs and these notes, so the contract's files
 * import their struct functions from here.
 */
import {
  nullable as baseNullable,
  optional as baseOptional,
  pattern as basePattern,
  record as baseRecord,
  refine as baseRefine,
  size as baseSize,
  union as baseUnion,
  define,
  type Struct,
} from 'superstruct';

export * from 'superstruct';

// biome-ignore lint/suspicious/noExplicitAny: a struct of any type and schema
type AnyStruct = Struct<any, any>;

export interface StructNotes {
  branches?: readonly AnyStruct[];
  values?: AnyStruct;
  min?: number;
  max?: number;
  pattern?: string;
  /** Taken as it comes and checked by the server (checkedByServer): documented as its branches alone. */
  checkedByServer?: boolean;
}

const notes = new WeakMap<object, StructNotes>();

/** What the contract noted of a struct (empty when nothing). */
export function notesOf(struct: AnyStruct): StructNotes {
  return notes.get(struct) ?? {};
}

function noted<S extends AnyStruct>(struct: S, from: AnyStruct | null, more: StructNotes): S {
  notes.set(struct, { ...(from ? notesOf(from) : {}), ...more });
  return struct;
}

// biome-ignore-start lint/suspicious/noExplicitAny: the same signatures as superstruct's own
export const union: typeof baseUnion = ((structs: any) =>
  noted(baseUnion(structs), null, { branches: structs })) as any;
export const record: typeof baseRecord = ((key: any, value: any) =>
  noted(baseRecord(key, value), null, { values: value })) as any;
export const size: typeof baseSize = ((struct: any, min: number, max: number = min) =>
  noted(baseSize(struct, min, max), struct, { min, max })) as any;
export const pattern: typeof basePattern = ((struct: any, regexp: RegExp) =>
  noted(basePattern(struct, regexp), struct, { pattern: regexp.source })) as any;
export const optional: typeof baseOptional = ((struct: any) => noted(baseOptional(struct), struct, {})) as any;
export const nullable: typeof baseNullable = ((struct: any) => noted(baseNullable(struct), struct, {})) as any;
// biome-ignore-end lint/suspicious/noExplicitAny: the same signatures as superstruct's own

/**
 * A value of one of `branches` that the contract takes as it comes, for the server to check itself:
 * each problem said at its own path, beside those of the request's other entries (an import's files
 * are refused together, each with all its problems). Typed, and written in the document, as their union.
 */
export function checkedByServer<T>(name: string, branches: readonly AnyStruct[]): Struct<T, null> {
  return noted(
    define<T>(name, () => true),
    null,
    { branches, checkedByServer: true },
  );
}

/**
 * A number from `min` to `max`, so finite: every number the API takes is one of these
 * (contract/number-bounds.test.ts), so that no value reaches a column that cannot hold it.
 */
export function between<T extends number>(
  struct: Struct<T, null>,
  min: number,
  max: number,
  message = `must be from ${min} to ${max}`,
): Struct<T, null> {
  return noted(
    baseRefine(struct, 'between', (v) => (v >= min && v <= max) || message),
    struct,
    { min, max },
  );
}

/** superstruct's refine, keeping what the contract noted of the refined struct (its sizes, its pattern). */
export function refineKeepingNotes<T, S>(
  struct: Struct<T, S>,
  name: string,
  check: (value: T) => boolean | string,
): Struct<T, S> {
  return noted(baseRefine(struct, name, check), struct, {});
}
