/** Reads the .po catalogs so browser tests can tell which language a text belongs to. */
import { readFileSync } from 'node:fs';

export const LOCALES = ['uk', 'en', 'ru', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const TAGS: Record<Locale, string> = { uk: 'uk-UA', en: 'en-US', ru: 'ru-RU', pl: 'pl-PL' };

function unquote(lines: string[]): string {
  return lines.map((l) => JSON.parse(l.trim()) as string).join('');
}

/** msgid → msgstr of one locale (plural forms left out). */
export function catalog(locale: Locale): Map<string, string> {
  const text = readFileSync(`locales/${locale}/messages.po`, 'utf8');
  const out = new Map<string, string>();
  for (const entry of text.split(/\n\s*\n/)) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(entry);
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(entry);
    if (!id?.[1] || !str?.[1]) continue;
    out.set(unquote(id[1].trim().split('\n')), unquote(str[1].trim().split('\n')));
  }
  return out;
}

/** Texts of other languages that never appear in this one: seeing one means a missed translation. */
export function foreignTexts(locale: Locale): string[] {
  const own = new Set(catalog(locale).values());
  const foreign = new Set<string>();
  for (const other of LOCALES) {
    if (other === locale) continue;
    for (const text of catalog(other).values()) {
      // Long enough to be telling, and without placeholders that change per use.
      if (text.length >= 12 && !/[{}<]/.test(text) && !own.has(text)) foreign.add(text);
    }
  }
  return [...foreign];
}
