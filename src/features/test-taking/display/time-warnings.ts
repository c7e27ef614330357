/**
 * When the time left is announced to screen readers: at 10, 5 and 1 minute left and when it is up.
 * The first two politely (after what is being read), the last minute and the end at once.
 */
export const WARNING_MINUTES = [10, 5, 1] as const;

export interface TimeWarning {
  /** Minutes left (10, 5, 1), or 0 when the time is up. */
  minutes: number;
  urgent: boolean;
}

/**
 * The warning the live region holds at `msLeft`: each one from its moment through the minute that
 * follows (a region speaks when its text changes, so it is said once), none in between.
 */
export function timeWarning(msLeft: number): TimeWarning | null {
  if (msLeft <= 0) return { minutes: 0, urgent: true };
  const minutesLeft = Math.ceil(msLeft / 60_000);
  const at = WARNING_MINUTES.find((minutes) => minutes === minutesLeft);
  return at === undefined ? null : { minutes: at, urgent: at === 1 };
}
