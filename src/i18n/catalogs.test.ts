import { type Messages, setupI18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../locales/en/messages.po';
import { messages as pl } from '../../locales/pl/messages.po';
import { messages as ru } from '../../locales/ru/messages.po';
import { messages as uk } from '../../locales/uk/messages.po';

const catalogs: Record<string, Messages> = { en, uk, ru, pl };

describe('catalogs', () => {
  it.each(['uk', 'ru', 'pl'])('%s has a translation for every English message', (locale) => {
    const catalog = catalogs[locale] ?? {};
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
    for (const [id, translation] of Object.entries(catalog)) {
      expect(translation, id).not.toEqual('');
    }
  });

  it.each([
    ['en', [1, 3, 5, 21], ['1 question', '3 questions', '5 questions', '21 questions']],
    ['uk', [1, 3, 5, 21], ['1 питання', '3 питання', '5 питань', '21 питання']],
    ['ru', [1, 3, 5, 21], ['1 вопрос', '3 вопроса', '5 вопросов', '21 вопрос']],
    ['pl', [1, 3, 5, 22], ['1 pytanie', '3 pytania', '5 pytań', '22 pytania']],
  ])('%s uses its own plural forms', (locale, counts, expected) => {
    const i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] ?? {} } });
    // The same message the lesson cards show: `<Plural value={questions} one="# question" …/>`.
    const shown = counts.map((questions) =>
      i18n._(msg`${plural(questions, { one: '# question', other: '# questions' })}`),
    );
    expect(shown).toEqual(expected);
  });

  it('uk agrees "of N points" with N', () => {
    const i18n = setupI18n({ locale: 'uk', messages: { uk } });
    const line = (scoreText: string, maxText: string, max: number) =>
      i18n._(msg`${scoreText} of ${maxText} ${plural(max, { one: 'point', other: 'points' })}`);
    expect(line('1', '1', 1)).toBe('1 з 1 бала');
    expect(line('3', '12', 12)).toBe('3 з 12 балів');
  });
});
