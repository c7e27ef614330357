import { createHash, randomFillSync, timingSafeEqual } from 'node:crypto';

const TOKEN_BYTES = 32;
/**
 * Random bytes drawn from the system's generator 128 tokens at a time (as node's randomUUID does),
 * since one call each was 3 % of a class's starts' CPU; each token takes bytes of its own, wiped
 * from here once taken.
 */
const pool = Buffer.alloc(TOKEN_BYTES * 128);
let taken = pool.length;

/** 256 random bits, URL-safe. */
export function newToken(): string {
  if (taken + TOKEN_BYTES > pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  const token = pool.toString('base64url', taken, taken + TOKEN_BYTES);
  pool.fill(0, taken, taken + TOKEN_BYTES);
  taken += TOKEN_BYTES;
  return token;
}

/** Tokens are stored only as their SHA-256: a leaked database holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokenMatches(token: string, storedHash: string): boolean {
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `tokenMatches` for a token checked again and again against the same stored row (a session's
 * api_token on each of its answers): once a token has matched a row, later checks against that row
 * compare the token's bytes with it in constant time instead of hashing it again.
 */
export class RememberedTokens<Row extends { token_hash: string }> {
  private readonly opened = new WeakMap<Row, Buffer>();

  matches(token: string, row: Row): boolean {
    const known = this.opened.get(row);
    if (known) {
      const given = Buffer.from(token);
      return given.length === known.length && timingSafeEqual(given, known);
    }
    if (!tokenMatches(token, row.token_hash)) return false;
    this.opened.set(row, Buffer.from(token));
    return true;
  }
}
