/**
 * A CSV file's rows as RFC 4180 writes them (quotes around a cell that holds the separator, a quote
 * or a line break; a quote inside written twice), with the separator a spreadsheet saved it with:
 * a comma, or the semicolon that Excel writes where the decimal mark is a comma (uk, ru, pl), or a
 * tab, whichever the header row holds most of.
 */
export function csvRows(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const header = source.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((s) => [s, header.split(s).length] as const);
  const separator = counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < source.length; at++) {
    const char = source[at];
    if (quoted) {
      if (char === '"' && source[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[at + 1] === '\n') at++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
