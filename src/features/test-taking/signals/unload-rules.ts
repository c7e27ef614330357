/**
 * What a page's unload means for the periods the taking view measures (use-integrity-signals.ts),
 * decided by the order of the browser's events, never by how long anything took: a phone reloads
 * a page in 1.5–2 s where a laptop takes 0.3 s, and a rule of "hidden shorter than X before the
 * unload" called a slow reload the taker hiding the page.
 *
 * - At `pagehide` the page is going away: nothing begins after it. A page still visible then is
 *   hidden by its own unload (a reload, a link, the tab closed while on screen): Chromium, Firefox
 *   and Safari fire `pagehide` before that `visibilitychange`, as the HTML standard orders them,
 *   so no hidden period begins at all, however long the reload takes.
 * - A period running at `pagehide` (hidden, focus lost) began before the unload: it ends with the
 *   page. The time the tab was closed is no hidden page (the attempt's own record shows when it
 *   came back); the next page of the attempt in this tab says it (a write begun in `pagehide` may
 *   never finish).
 * - Offline is the device's, not the page's: it goes on across the reload (the hook ends it once
 *   the server is heard again).
 * - A browser that hides the page first and fires `pagehide` after (the old order) leaves a hidden
 *   period that ran into its unload; when the next page is a reload it was the reload's own, since
 *   nobody reloads a page they cannot see (only a tab strip's menu could), and it is dropped.
 *
 * Periods are kept in the tab's session storage, so a reload or a reopened tab goes on with them.
 */

export type Period = 'hidden' | 'blur' | 'offline';
type Times = Partial<Record<Period, number>>;

/** The periods running (when each began) and, for those running when the last page went away, when that was. */
export interface KeptPeriods {
  starts: Times;
  unloaded: Times;
}

/** The periods that end with the page (offline is the device's and goes on). */
export const periodsEndingAtUnload = ['hidden', 'blur'] as const satisfies readonly Period[];

const startsKey = (uuid: string) => `zalik-signal-starts:${uuid}`;
const unloadedKey = (uuid: string) => `zalik-signal-unloaded:${uuid}`;

function readTimes(key: string): Times {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) ?? '{}') as unknown;
    return kept !== null && typeof kept === 'object' ? (kept as Times) : {};
  } catch {
    return {};
  }
}

export function keptPeriods(uuid: string): KeptPeriods {
  return { starts: readTimes(startsKey(uuid)), unloaded: readTimes(unloadedKey(uuid)) };
}

export function saveKept(uuid: string, { starts, unloaded }: KeptPeriods): void {
  sessionStorage.setItem(startsKey(uuid), JSON.stringify(starts));
  sessionStorage.setItem(unloadedKey(uuid), JSON.stringify(unloaded));
}

/** How this page was loaded, as the Navigation Timing entry says ('navigate', 'reload', 'back_forward'). */
export function thisLoad(): string {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type ?? 'navigate';
}

/**
 * A period that ran into the last page's unload, on this page's load (`load`): when it ended (the
 * unload), or dropped when it was the unload's own hiding.
 */
export function carriedEnd(kind: Period, unloadedAt: number, load: string): number | 'dropped' {
  if (kind === 'hidden' && load === 'reload') return 'dropped';
  return unloadedAt;
}
