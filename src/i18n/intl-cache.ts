type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat | Intl.PluralRules;

// Intl objects are costly to build and are asked for on every render.
const cache = new Map<string, Formatter>();

export function cached<T extends Formatter>(key: string, make: () => T): T {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter as T;
}
