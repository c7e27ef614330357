/** Characters as a person counts them: the server's limit and the app's field agree (characters.ts). */
import { describe, expect, it } from 'vitest';
import { characterCount, characters, clipCharacters } from './characters.ts';
import { is } from './structs.ts';

describe('characters as a person counts them', () => {
  it('counts an emoji, a flag, a family and an accented letter as one each', () => {
    expect(characterCount('😀'.repeat(300))).toBe(300);
    expect(characterCount('🇺🇦🇵🇱')).toBe(2);
    expect(characterCount('👨‍👩‍👧‍👦')).toBe(1);
    expect(characterCount('e\u0301a')).toBe(2);
    expect(characterCount('')).toBe(0);
  });

  it('cuts text to its first characters, never inside one', () => {
    expect(clipCharacters('😀'.repeat(501), 500)).toBe('😀'.repeat(500));
    expect(clipCharacters(`${'a'.repeat(499)}👨‍👩‍👧‍👦👨‍👩‍👧‍👦`, 500)).toBe(`${'a'.repeat(499)}👨‍👩‍👧‍👦`);
    expect(clipCharacters('short', 500)).toBe('short');
  });

  it('holds a string to its characters, and to twenty code units a character', () => {
    const five = characters(1, 5);
    expect(is('😀😀😀😀😀', five)).toBe(true);
    expect(is('😀😀😀😀😀😀', five)).toBe(false);
    expect(is('', five)).toBe(false);
    expect(is('👨‍👩‍👧‍👦'.repeat(5), five)).toBe(true);
    expect(is(`a${'\u0301'.repeat(100)}`, five)).toBe(false);
    expect(is(5, five)).toBe(false);
  });
});
