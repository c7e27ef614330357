/** A Markdown table with aligned columns, as the formatter (Biome) writes it, so formatting keeps it. */
export function markdownTable(table: string[][]): string {
  const widths = (table[0] as string[]).map((_, col) =>
    Math.max(3, ...table.map((line) => [...(line[col] as string)].length)),
  );
  const format = (line: string[]) =>
    `| ${line.map((cell, col) => cell + ' '.repeat((widths[col] as number) - [...cell].length)).join(' | ')} |`;
  const [header, ...body] = table as string[][];
  return [format(header as string[]), format(widths.map((w) => '-'.repeat(w))), ...body.map(format)].join('\n');
}
