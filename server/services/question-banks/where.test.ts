import { describe, expect, it } from 'vitest';
import { sayWhere } from './where.ts';

describe('where a question stands, in the report’s language', () => {
  it('says each form the readers write in Ukrainian, Polish and Russian, and the rest as it is', () => {
    expect(
      ['line 2', 'line 31 (question 8)', 'line ? (question 3)', 'row 4', 'item q7'].map((w) => sayWhere(w, 'uk')),
    ).toEqual(['рядок 2', 'рядок 31 (запитання 8)', 'запитання 3', 'рядок таблиці 4', 'елемент q7']);
    expect(sayWhere('line 2 (question 8)', 'pl')).toBe('wiersz 2 (pytanie 8)');
    expect(sayWhere('item half', 'ru')).toBe('элемент half');
    expect(sayWhere('line 2', 'en')).toBe('line 2');
    expect(sayWhere('somewhere else', 'uk')).toBe('somewhere else');
  });
});
