import { describe, expect, it } from 'vitest';
import { describeAnswer } from './describe-answer.ts';

const options = [
  { id: 'a', text: 'Kyiv' },
  { id: 'b', text: 'Lviv' },
  { id: 'c', text: 'Odesa' },
];

describe('describeAnswer', () => {
  it('shows option texts, not ids', () => {
    expect(describeAnswer('en', 'b', options)).toBe('Lviv');
    expect(describeAnswer('en', ['a', 'c'], options)).toBe('Kyiv and Odesa');
    expect(describeAnswer('uk', ['a', 'b', 'c'], options)).toBe('Kyiv, Lviv і Odesa');
  });

  it('shows numbers the way the locale writes them', () => {
    expect(describeAnswer('en', 2.5, undefined)).toBe('2.5');
    expect(describeAnswer('pl', 2.5, undefined)).toBe('2,5');
  });

  it('shows a written answer as written', () => {
    expect(describeAnswer('en', 'Dnipro', undefined)).toBe('Dnipro');
  });
});
