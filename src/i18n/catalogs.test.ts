import { type Messages, setupI18n } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../locales/en/messages.po';
import { messages as pl } from '../../locales/pl/messages.po';
import { messages as ru } from '../../locales/ru/messages.po';
import { messages as uk } from '../../locales/uk/messages.po';
import { formatNumber, pluralForm } from './counts.ts';
import type { Locale } from './locales.ts';

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
  ] as const)('%s uses its own plural forms', (locale: Locale, counts, expected) => {
    const i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] ?? {} } });
    // The same message the lesson cards show: a select on the count's plural form.
    const shown = counts.map((count) => {
      const questionsForm = pluralForm(locale, count);
      const questionsText = formatNumber(locale, count);
      return i18n._(
        msg`${select(questionsForm, { one: `${questionsText} question`, other: `${questionsText} questions` })}`,
      );
    });
    expect(shown).toEqual(expected);
  });

  it('uk agrees "of N points" with N', () => {
    const i18n = setupI18n({ locale: 'uk', messages: { uk } });
    const line = (scoreText: string, maxText: string, max: number) => {
      const maxForm = pluralForm('uk', max);
      return i18n._(msg`${scoreText} of ${maxText} ${select(maxForm, { one: 'point', other: 'points' })}`);
    };
    expect(line('1', '1', 1)).toBe('1 з 1 бала');
    expect(line('3', '12', 12)).toBe('3 з 12 балів');
    expect(line('2,5', '2,5', 2.5)).toBe('2,5 з 2,5 бала');
  });

  // Lingui builds an Intl.NumberFormat for every plural message, and Intl's first use on a page costs
  // 40–130 ms in Chromium; whole-numbers.ts explains. Counts select on pluralForm() instead.
  it.each(Object.keys(catalogs))('%s has no message that makes Lingui build Intl formatters', (locale) => {
    const intlTypes = new Set(['plural', 'selectordinal', 'number', 'date', 'time']);
    const offending: string[] = [];
    const walk = (id: string, tokens: unknown): void => {
      if (!Array.isArray(tokens)) return;
      for (const token of tokens) {
        if (!Array.isArray(token)) continue;
        const [, type, cases] = token as [string, string | undefined, Record<string, unknown> | undefined];
        if (type && intlTypes.has(type)) offending.push(id);
        for (const branch of Object.values(cases ?? {})) walk(id, branch);
      }
    };
    for (const [id, tokens] of Object.entries(catalogs[locale] ?? {})) walk(id, tokens);
    expect(offending).toEqual([]);
  });
});
