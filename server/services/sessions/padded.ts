/**
 * The list made `size` long (by default the next power of two) by repeating its last item, which
 * changes nothing an `in` list or a `case` means: a batch's statements then take one of a few texts
 * rather than one per batch size, and PostgreSQL plans each text once per connection
 * (db/prepared-statements.ts).
 */
export function padded<T>(list: readonly T[], size = 2 ** Math.ceil(Math.log2(Math.max(list.length, 1)))): T[] {
  const last = list[list.length - 1];
  return last === undefined ? [...list] : [...list, ...Array<T>(Math.max(0, size - list.length)).fill(last)];
}
