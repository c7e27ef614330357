/** Seconds on a countdown reading "mm:ss" or "h:mm:ss" (an empty reading is 0). */
export function secondsOf(text: string | null): number {
  return (text ?? '')
    .trim()
    .split(':')
    .map(Number)
    .reduce((sum, part) => sum * 60 + part, 0);
}
