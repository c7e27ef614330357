import { describe, expect, it } from 'vitest';
import { hashToken, newToken, RememberedTokens, tokenMatches } from './tokens.ts';

describe('tokens', () => {
  it('match only the token their hash was made from', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenMatches(token, hashToken(token))).toBe(true);
    expect(tokenMatches(newToken(), hashToken(token))).toBe(false);
    expect(tokenMatches(token, 'not-a-hash')).toBe(false);
  });

  it('are each of their own bytes, across the draws from the system’s generator', () => {
    const made = Array.from({ length: 1000 }, newToken);
    expect(new Set(made).size).toBe(made.length);
    for (const token of made) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // No token is (or starts with) the wiped bytes of one taken before.
      expect(token.startsWith('AAAAAAAA')).toBe(false);
    }
    // Every byte value turns up: random bytes, not a counter or a pattern.
    const bytes = new Set(made.flatMap((token) => [...Buffer.from(token, 'base64url')]));
    expect(bytes.size).toBe(256);
  });

  it('remembered for a row, still refuse every other token, a longer or shorter one included', () => {
    const tokens = new RememberedTokens<{ token_hash: string }>();
    const token = newToken();
    const row = { token_hash: hashToken(token) };
    expect(tokens.matches(`${token}x`, row)).toBe(false);
    expect(tokens.matches(token, row)).toBe(true);
    // Now from memory: the same answers without the hash.
    row.token_hash = 'ignored once remembered';
    expect(tokens.matches(token, row)).toBe(true);
    expect(tokens.matches(newToken(), row)).toBe(false);
    expect(tokens.matches(token.slice(1), row)).toBe(false);
    expect(tokens.matches(`${token}x`, row)).toBe(false);
    expect(tokens.matches('', row)).toBe(false);
    // Another row (another session) is checked against its own hash, whatever the first remembered.
    const other = { token_hash: hashToken(newToken()) };
    expect(tokens.matches(token, other)).toBe(false);
  });
});
