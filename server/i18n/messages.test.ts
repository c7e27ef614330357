import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../contract/locale.ts';
import { ALL_MESSAGES } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the server’s own messages', () => {
  it('are written in all four languages, each with the same placeholders as the English one', () => {
    const problems: string[] = [];
    for (const [key, texts] of Object.entries(ALL_MESSAGES)) {
      for (const locale of LOCALES) {
        const text = texts[locale];
        if (!text?.trim()) problems.push(`${key}: no ${locale}`);
        else if (placeholders(text).join() !== placeholders(texts.en ?? '').join()) {
          problems.push(`${key}: ${locale} has ${placeholders(text).join() || 'no placeholder'}`);
        }
      }
    }
    expect(Object.keys(ALL_MESSAGES).length).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
