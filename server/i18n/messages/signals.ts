/** What the signals' intake says when it refuses (contract/signals.ts). */
import type { Locale } from '../../../contract/index.ts';

export const signalsMessages = {
  signalsNotCollected: {
    en: 'This attempt keeps no signals: its assignment does not collect them',
    uk: 'Ця спроба не зберігає сигналів: її завдання їх не збирає',
    ru: 'Эта попытка не хранит сигналов: её задание их не собирает',
    pl: 'Ta próba nie przechowuje sygnałów: jej zadanie ich nie zbiera',
  },
  signalsInvalid: {
    en: 'The signals are not valid',
    uk: 'Сигнали недійсні',
    ru: 'Сигналы недействительны',
    pl: 'Sygnały są nieprawidłowe',
  },
  signalBeforeStart: {
    en: 'Lies before the test began',
    uk: 'Раніше, ніж почався тест',
    ru: 'Раньше, чем начался тест',
    pl: 'Wcześniej, niż zaczął się test',
  },
} satisfies Record<string, Record<Locale, string>>;
