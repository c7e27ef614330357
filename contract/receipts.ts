/**
 * Signed receipts (docs/receipts.md): when the server stores a finish it signs, with Ed25519, a
 * digest of exactly the answers it holds for the attempt, with the attempt, its test version, its
 * times and, where the taker is shown it, its score. The device keeps the receipt; anyone with the
 * server's public keys checks it, and the server says whether what it stores still matches.
 *
 * The canonical form every digest and signature is taken over: JSON with object keys sorted by
 * code unit, no white space, every string in Unicode NFC, numbers as ECMAScript writes them (the
 * shortest form that reads back the same; −0 as 0). So the same answers give the same digest
 * whatever order they were stored in and whichever way a keyboard composed their letters.
 */
import { EpochMs, INT4_MAX, wholeBetween } from './bounds.ts';
import { Uuid } from './online.ts';
import {
  array,
  between,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  size,
  string,
  type,
} from './structs.ts';

export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.normalize('NFC'));
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a receipt holds finite numbers only');
    return JSON.stringify(Object.is(value, -0) ? 0 : value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k.normalize('NFC'), v] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new Error(`a receipt cannot hold ${typeof value}`);
}

const Hex64 = pattern(string(), /^[0-9a-f]{64}$/);
/** A score: what a score column holds. */
const Points = between(number(), 0, INT4_MAX, 'must be a score from 0');

/** What the signature covers: everything of the receipt but `sig`. */
export const ReceiptBody = object({
  v: literal(1),
  /** The server that signed it (its PUBLIC_URL): where its keys and its check are. */
  server: size(string(), 1, 300),
  kid: size(string(), 1, 100),
  attempt: Uuid,
  lesson: size(string(), 1, 200),
  version: wholeBetween(1, INT4_MAX),
  assignment: nullable(size(string(), 1, 20)),
  started_at: EpochMs,
  deadline: EpochMs,
  finished_at: EpochMs,
  /** When it was signed: the answers are those stored then. */
  signed_at: EpochMs,
  answers: object({
    /** Stored answers (every one kept, an answer changed later included). */
    count: wholeBetween(0, INT4_MAX),
    /** SHA-256 of the canonical list of `questions`. */
    digest: Hex64,
    /** Each question answered: SHA-256 of its stored answers, in canonical form. */
    questions: size(array(object({ q: size(string(), 1, 100), h: Hex64 })), 0, 1000),
  }),
  /** Where the taker is shown it and no answer awaits a hand mark; else null. */
  score: nullable(Points),
  max_score: nullable(Points),
});
export type ReceiptBody = Infer<typeof ReceiptBody>;

export const Receipt = object({
  ...ReceiptBody.schema,
  /** Ed25519 over the canonical form of the rest, base64url. */
  sig: pattern(string(), /^[A-Za-z0-9_-]{86}$/),
});
export type Receipt = Infer<typeof Receipt>;

/** A receipt as its taker's device gets it: the receipt and its short code (from the signature). */
export const SignedReceipt = type({ receipt: Receipt, code: string() });
export type SignedReceipt = Infer<typeof SignedReceipt>;

export const ReceiptCheckRequest = object({ receipt: Receipt });

/**
 * What a check found. `signature`: made by one of this server's keys (`valid`), by none it has
 * (`unknown_key`), or not by the key it names (`invalid`). `stored`, for a valid one: what the server
 * holds `matches`, `differs` (each question that changed, is missing or was added, by its number
 * in the attempt), or the attempt is `gone` (removed). `score_changed`: the score now differs
 * from the receipt's, by hand marks or a re-score, which change marks and never the answers.
 */
export const ReceiptCheck = type({
  signature: enums(['valid', 'invalid', 'unknown_key']),
  stored: nullable(enums(['matches', 'differs', 'gone'])),
  differences: array(
    type({ question: string(), number: nullable(integer()), change: enums(['changed', 'missing', 'added']) }),
  ),
  score_changed: boolean(),
  score_now: optional(nullable(number())),
});
export type ReceiptCheck = Infer<typeof ReceiptCheck>;

/** The server's receipt keys, as a JSON Web Key Set (RFC 8037 OKP keys); retired ones stay listed. */
export const ReceiptKeySet = type({
  keys: array(
    type({
      kty: literal('OKP'),
      crv: literal('Ed25519'),
      x: string(),
      kid: string(),
      alg: literal('EdDSA'),
      use: literal('sig'),
    }),
  ),
});
export type ReceiptKeySet = Infer<typeof ReceiptKeySet>;

export const ClaimRequest = object({ receipt: Receipt });

/** A receipt named by its attempt and short code (its QR code): the server checks its own copy. */
export const ReceiptCodeParams = object({ attempt: Uuid });
export const ReceiptCodeQuery = object({ code: pattern(string(), /^[0-9A-Z]{5}-[0-9A-Z]{5}$/) });
export const CodeCheck = type({ receipt: Receipt, check: ReceiptCheck });
export type CodeCheck = Infer<typeof CodeCheck>;
