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

  it('remembered for a row, still refuse every other token, a longer or shorter one included', () => {
    const tokens = new RememberedTokens<{ hash: string }>();
    const token = newToken();
    const row = { hash: hashToken(token) };
    expect(tokens.matches(`${token}x`, row, row.hash)).toBe(false);
    expect(tokens.matches(token, row, row.hash)).toBe(true);
    // Now from memory: the same answers without the hash.
    expect(tokens.matches(token, row, 'ignored once remembered')).toBe(true);
    expect(tokens.matches(newToken(), row, row.hash)).toBe(false);
    expect(tokens.matches(token.slice(1), row, row.hash)).toBe(false);
    expect(tokens.matches(`${token}x`, row, row.hash)).toBe(false);
    expect(tokens.matches('', row, row.hash)).toBe(false);
    // Another row (another session) is checked against its own hash, whatever the first remembered.
    const other = { hash: hashToken(newToken()) };
    expect(tokens.matches(token, other, other.hash)).toBe(false);
  });
});
