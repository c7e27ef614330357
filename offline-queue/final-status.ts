/** Statuses that will not change by asking again: the entry is refused and the taker is told. */
export function isFinal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}
