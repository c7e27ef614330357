/** The spec keeps both of its cookies (`locale`, `viewport`) for 365 days. */
const YEAR_SECONDS = 31_536_000;

/** The value of one cookie in a `document.cookie`-style string, or null. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const pair of cookieHeader.split(';')) {
    const [key, ...rest] = pair.split('=');
    if (key?.trim() !== name) continue;
    try {
      return decodeURIComponent(rest.join('=').trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** A first-party cookie for the whole site, readable by the server on the next request. */
export function writeCookie(name: string, value: string, maxAgeSeconds = YEAR_SECONDS): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser yet.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}
