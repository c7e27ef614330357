/**
 * The one order in which every write of several sessions takes their rows' locks (answer batches,
 * finish batches, the re-score; SQL's `order by uuid` for the assignment's close), so that two
 * commits never wait on each other in a circle. Session ids are lowercase hex with their hyphens in
 * fixed places, so this order and any database collation's agree.
 */
export function inLockOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
