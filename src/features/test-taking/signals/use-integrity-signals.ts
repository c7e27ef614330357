/**
 * What the taking view notices, for an assignment that collects it (contract/signals.ts): the page
 * hidden and shown again, the window losing focus and getting it back, text pasted into an answer
 * (its length, never its content), the device offline and back (the browser's word, or the server
 * not answering while the browser says it is online), and a device clock more than a minute off,
 * whenever it is seen (a clock moved during the test included). Each goes into the outbox beside the
 * answers, on the server's clock, so a signal made offline arrives when the device reconnects. A
 * period running when the page reloads is kept in the tab's session storage and ends after the
 * reload (unload-rules.ts: what an unload means for each, by the order of events, never by how long
 * the reload took). Nothing is recorded unless the assignment asked.
 */
import { useEffect } from 'react';
import { CLOCK_SIGNAL_MS, SHORTEST_SIGNAL_MS, SIGNAL_LIMITS } from '../../../../contract/signals.ts';
import type { AttemptRecord } from '../../../../offline-queue/db.ts';
import { queueSignal, type SignalFields } from '../../../../offline-queue/signals.ts';
import type { OfflineRuntime } from '../offline/runtime.ts';
import type { ServerClock } from '../server-clock.ts';
import { carriedEnd, keptPeriods, type Period, periodsEndingAtUnload, saveKept, thisLoad } from './unload-rules.ts';

const clockKey = (uuid: string) => `zalik-clock-signal:${uuid}`;

const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, Math.round(value)));

/** How often the device's clock is compared with the server's again. */
const CLOCK_CHECK_MS = 5_000;

/** Into the outbox, then sent when it can be (the runtime's `queued` tries at once). */
function keep(runtime: OfflineRuntime, uuid: string, fields: SignalFields): void {
  queueSignal(runtime.db, uuid, fields).then(
    () => runtime.queued(uuid),
    (error: unknown) => console.error('A signal could not be stored', error),
  );
}

export function useIntegritySignals(
  runtime: OfflineRuntime,
  record: AttemptRecord,
  clock: ServerClock,
  running: boolean,
): void {
  const { uuid } = record;
  const collects = record.session.collects_signals === true;

  useEffect(() => {
    if (!collects || !running) return;
    const say = (fields: SignalFields) => keep(runtime, uuid, fields);
    const kept = keptPeriods(uuid);
    const { starts, unloaded } = kept;
    const save = () => saveKept(uuid, kept);
    // Set once the page is going away: nothing begins or ends after that, the next page says it.
    let unloading = false;
    const begin = (kind: Period) => {
      if (unloading || starts[kind] !== undefined) return;
      starts[kind] = clock.now();
      save();
    };
    const end = (kind: Period, until = clock.now()) => {
      const at = starts[kind];
      if (unloading || at === undefined) return;
      delete starts[kind];
      delete unloaded[kind];
      save();
      const duration = until - at;
      if (duration >= SHORTEST_SIGNAL_MS) say({ kind, at, duration_ms: clamp(duration, SIGNAL_LIMITS.maxDurationMs) });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        // Focus went with the page: the hidden period says it from here on.
        end('blur');
        begin('hidden');
      } else end('hidden');
    };
    const onPageHide = (event: PageTransitionEvent) => {
      // Kept for the back button (bfcache), the page comes back and its visibilitychange says it.
      if (event.persisted) return;
      unloading = true;
      for (const kind of periodsEndingAtUnload) if (starts[kind] !== undefined) unloaded[kind] = clock.now();
      save();
    };
    const onBlur = () => {
      if (document.visibilityState === 'visible') begin('blur');
    };
    const onFocus = () => end('blur');
    const onOffline = () => begin('offline');
    // Back online by the browser's word: over, unless the server has not answered since.
    const onOnline = () => {
      if (runtime.heard() && runtime.reachable()) end('offline');
    };
    const onReach = (reachable: boolean) => {
      if (!reachable) begin('offline');
      else if (navigator.onLine) end('offline');
    };
    const onPaste = (event: ClipboardEvent) => {
      const question = (event.target as Element | null)?.closest?.('[data-question]')?.getAttribute('data-question');
      const length = event.clipboardData?.getData('text/plain').length ?? 0;
      if (question && length > 0) {
        say({
          kind: 'paste',
          at: clock.now(),
          length: Math.min(length, SIGNAL_LIMITS.maxLength),
          question_id: question,
        });
      }
    };
    // Periods that ran into the last page's unload: each ends as unload-rules.ts says.
    const load = thisLoad();
    for (const kind of periodsEndingAtUnload) {
      const until = unloaded[kind];
      if (until === undefined) continue;
      const ending = carriedEnd(kind, until, load);
      if (ending !== 'dropped') end(kind, ending);
      delete starts[kind];
      delete unloaded[kind];
      save();
    }
    // Offline across a reload: over only once this page has heard the server (a new page takes the
    // server for answering until a request says otherwise; ending here would split one outage in two).
    if (!navigator.onLine || !runtime.reachable()) begin('offline');
    else if (runtime.heard()) end('offline');
    const stopReach = runtime.onReachable(onReach);
    // Periods still running (a page discarded while hidden got no pagehide): they end now, if over.
    if (document.visibilityState === 'visible') end('hidden');
    if (document.hasFocus()) end('blur');
    const listening: [EventTarget, string, (event: never) => void, boolean?][] = [
      [document, 'visibilitychange', onVisibility],
      [window, 'pagehide', onPageHide],
      [document, 'paste', onPaste, true],
      [window, 'blur', onBlur],
      [window, 'focus', onFocus],
      [window, 'offline', onOffline],
      [window, 'online', onOnline],
    ];
    for (const [target, type, listener, capture] of listening)
      target.addEventListener(type, listener as EventListener, capture);
    return () => {
      stopReach();
      for (const [target, type, listener, capture] of listening) {
        target.removeEventListener(type, listener as EventListener, capture);
      }
    };
  }, [collects, running, runtime, uuid, clock]);

  // The device's clock, once per attempt: how far ahead of the server's (behind when negative). The
  // server's clock runs on the monotonic one, so a device clock moved during the test shows at the
  // next look, without a reload.
  useEffect(() => {
    if (!collects || !running) return;
    const look = () => {
      if (localStorage.getItem(clockKey(uuid))) return;
      const ahead = Date.now() - clock.now();
      if (Math.abs(ahead) <= CLOCK_SIGNAL_MS) return;
      localStorage.setItem(clockKey(uuid), '1');
      keep(runtime, uuid, { kind: 'clock', at: clock.now(), duration_ms: clamp(ahead, SIGNAL_LIMITS.maxClockMs) });
    };
    look();
    const timer = setInterval(look, CLOCK_CHECK_MS);
    return () => clearInterval(timer);
  }, [collects, running, runtime, uuid, clock]);
}
