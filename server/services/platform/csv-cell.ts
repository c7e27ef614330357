/**
 * One cell of a CSV a tutor opens in a spreadsheet. Names and typed answers come from anyone, so a
 * cell is never read as a formula (OWASP's CSV injection rules): text whose first character other
 * than white space (spaces, tabs, line breaks, no-break and full-width spaces) is `=`, `+`, `-` or
 * `@` (or their full-width forms, which some spreadsheets also take), or which starts with a tab or
 * a line break, is written after an apostrophe, which spreadsheets show as text. Then the cell is
 * quoted when it holds a quote, a separator (`,` or `;`, which some locales' spreadsheets split on)
 * or a line break.
 */
const FORMULA_START = /^[\s\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
