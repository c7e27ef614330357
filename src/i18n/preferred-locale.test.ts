import { afterEach, describe, expect, it } from 'vitest';
import { localeFromPath } from './locales.ts';
import {
  homeRedirectTarget,
  localeFromCookie,
  localeFromLanguages,
  pickPreferredLocale,
  writeLocaleCookie,
} from './preferred-locale.ts';

describe('pickPreferredLocale', () => {
  it('prefers the cookie over the browser languages', () => {
    expect(pickPreferredLocale({ cookie: 'theme=dark; locale=ru', languages: ['pl-PL', 'en'] })).toBe('ru');
  });

  it('uses the first supported browser language when there is no usable cookie', () => {
    expect(pickPreferredLocale({ cookie: '', languages: ['de-DE', 'uk-UA', 'en-US'] })).toBe('uk');
    expect(pickPreferredLocale({ cookie: 'locale=de', languages: ['pl'] })).toBe('pl');
  });

  it('falls back to English', () => {
    expect(pickPreferredLocale({ cookie: '', languages: ['de', 'fr-FR'] })).toBe('en');
    expect(pickPreferredLocale({ cookie: '', languages: [] })).toBe('en');
  });
});

describe('cookie and language parsing', () => {
  it('reads only the locale cookie, and only a supported value', () => {
    expect(localeFromCookie('xlocale=uk; locale=pl')).toBe('pl');
    expect(localeFromCookie('locale=EN')).toBeNull();
    expect(localeFromCookie('other=1')).toBeNull();
  });

  it('matches region and underscore variants', () => {
    expect(localeFromLanguages(['ru_RU'])).toBe('ru');
    expect(localeFromLanguages(['EN-gb'])).toBe('en');
  });
});

describe('homeRedirectTarget', () => {
  it('sends / to the preferred language', () => {
    expect(homeRedirectTarget('/', 'uk')).toBe('/uk/student');
  });

  it('sends /{lang} to that language, whatever is preferred', () => {
    expect(homeRedirectTarget('/pl', 'uk')).toBe('/pl/student');
    expect(homeRedirectTarget('/ru/', 'en')).toBe('/ru/student');
  });

  it('leaves other paths alone', () => {
    expect(homeRedirectTarget('/de', 'en')).toBeNull();
    expect(homeRedirectTarget('/en/tutor', 'en')).toBeNull();
  });
});

describe('localeFromPath', () => {
  it('reads the prefix, not a longer segment', () => {
    expect(localeFromPath('/pl/test/abc')).toBe('pl');
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/english/x')).toBeNull();
    expect(localeFromPath('/')).toBeNull();
  });
});

describe('writeLocaleCookie', () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's own cookie.
    document.cookie = 'locale=; path=/; max-age=0';
  });

  it('remembers the language for the next visit to /', () => {
    writeLocaleCookie('pl');
    expect(localeFromCookie(document.cookie)).toBe('pl');
    expect(pickPreferredLocale({ cookie: document.cookie, languages: ['uk'] })).toBe('pl');
  });
});
