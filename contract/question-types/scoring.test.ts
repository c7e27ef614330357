/** Each type's marking as tables: the value a taker sends, the problem it has, the share of points it earns. */
import { describe, expect, it } from 'vitest';
import { type AnyQuestion, creditOf, unitOf } from './registry.ts';
import { common, options, table } from './scoring-table.ts';

describe('single', () => {
  table({ ...common, type: 'single', options, correct: 'b' }, [
    ['the right option', 'b', null, 1],
    ['another option', 'a', null, 0],
    ['the last option', 'd', null, 0],
    ['no answer', null, null, 0],
    ['an option that is not there', 'e', 'noSuchOption', 0],
    ['an empty id', '', 'noSuchOption', 0],
    ['the id in capitals', 'B', 'noSuchOption', 0],
    ['the id with a space', 'b ', 'noSuchOption', 0],
    ['a list holding the right one', ['b'], 'chooseOneOption', 0],
    ['an empty list', [], 'chooseOneOption', 0],
    ['a number', 2, 'chooseOneOption', 0],
    ['zero', 0, 'chooseOneOption', 0],
    ['the option’s text', 'Option b', 'noSuchOption', 0],
    ['two ids in one string', 'a,b', 'noSuchOption', 0],
    ['a list of every option', ['a', 'b', 'c', 'd'], 'chooseOneOption', 0],
  ]);
});

describe('multiple', () => {
  table({ ...common, type: 'multiple', options, correct: ['a', 'c'] }, [
    ['exactly the right ones', ['a', 'c'], null, 1],
    ['the right ones in another order', ['c', 'a'], null, 1],
    ['one of the two', ['a'], null, 0],
    ['the right ones and one more', ['a', 'c', 'd'], null, 0],
    ['every option', ['a', 'b', 'c', 'd'], null, 0],
    ['only wrong ones', ['b', 'd'], null, 0],
    ['none chosen', [], null, 0],
    ['no answer', null, null, 0],
    ['one twice', ['a', 'a'], 'optionTwice', 0],
    ['the right ones, one twice', ['a', 'c', 'c'], 'optionTwice', 0],
    ['an option that is not there', ['a', 'x'], 'noSuchOption', 0],
    ['one id as a string', 'a', 'sendOptionList', 0],
    ['a number', 1, 'sendOptionList', 0],
    ['ids in capitals', ['A', 'C'], 'noSuchOption', 0],
    ['an empty id', ['a', 'c', ''], 'noSuchOption', 0],
  ]);
});

describe('text', () => {
  table({ ...common, type: 'text', accepted: { en: ['Kyiv', 'Kiev'], uk: ['Київ'] } }, [
    ['an accepted answer', 'Kyiv', null, 1],
    ['another accepted one', 'Kiev', null, 1],
    ['one accepted in another language', 'Київ', null, 1],
    ['in other case', 'kYIV', null, 1],
    ['with spaces around', '  Kyiv ', null, 1],
    ['Cyrillic in other case', 'КИЇВ', null, 1],
    ['compatibility characters (NFKC)', 'Ｋｙｉｖ', null, 1],
    ['a wrong answer', 'Lviv', null, 0],
    ['a part of the answer', 'Ky', null, 0],
    ['the answer and more', 'Kyiv city', null, 0],
    ['empty', '', null, 0],
    ['only spaces', '   ', null, 0],
    ['no answer', null, null, 0],
    ['a number', 5, 'sendText', 0],
    ['a list', ['Kyiv'], 'sendText', 0],
  ]);
  it('shows the accepted answer of the taker’s language, or of the lesson’s first', () => {
    const q: AnyQuestion = { ...common, type: 'text', accepted: { uk: ['Київ'], en: ['Kyiv'] } };
    expect(unitOf(q).correctAnswer(q, 'en')).toBe('Kyiv');
    expect(unitOf(q).correctAnswer(q, 'pl')).toBe('Київ');
  });
});

describe('number', () => {
  table({ ...common, type: 'number', correct: 2.5, tolerance: 0.1 }, [
    ['the number', 2.5, null, 1],
    ['within the tolerance above', 2.6, null, 1],
    ['within the tolerance below', 2.4, null, 1],
    ['just past the tolerance', 2.61, null, 0],
    ['far off', 25, null, 0],
    ['negative', -2.5, null, 0],
    ['zero', 0, null, 0],
    ['no answer', null, null, 0],
    ['the number as text', '2.5', 'sendNumber', 0],
    ['a list', [], 'sendNumber', 0],
    ['infinity', Number.POSITIVE_INFINITY, 'sendNumber', 0],
    ['not a number', Number.NaN, 'sendNumber', 0],
    ['a decimal comma as text', '2,5', 'sendNumber', 0],
    ['a hair off by rounding', 2.4 + 0.2 - 0.1, null, 1],
    ['the largest number', Number.MAX_VALUE, null, 0],
  ]);
  it('takes only the number itself with no tolerance, but for floating-point rounding', () => {
    const q: AnyQuestion = { ...common, type: 'number', correct: 0.3, tolerance: 0 };
    expect(creditOf(q, 0.1 + 0.2)).toBe(1);
    expect(creditOf(q, 0.31)).toBe(0);
  });
});
