/**
 * What the taking view notices, for an assignment that collects it (contract/signals.ts): the page
 * hidden and shown again, the window losing focus and getting it back, text pasted into an answer
 * (its length, never its content), the device offline and back, and a device clock more than a
 * minute off. Each goes into the outbox beside the answers, on the server's clock, so a signal made
 * offline arrives when the device reconnects. A period running when the page reloads is kept in the
 * tab's session storage and ends after the reload. Nothing is recorded unless the assignment asked.
 */
import { useEffect } from 'react';
import { CLOCK_SIGNAL_MS, SHORTEST_SIGNAL_MS, SIGNAL_LIMITS } from '../../../../contract/signals.ts';
import type { AttemptRecord } from '../../../../offline-queue/db.ts';
import { queueSignal, type SignalFields } from '../../../../offline-queue/signals.ts';
import type { OfflineRuntime } from '../offline/runtime.ts';
import type { ServerClock } from '../server-clock.ts';

type Period = 'hidden' | 'blur' | 'offline';

const startsKey = (uuid: string) => `zalik-signal-starts:${uuid}`;
const clockKey = (uuid: string) => `zalik-clock-signal:${uuid}`;

function readStarts(uuid: string): Partial<Record<Period, number>> {
  try {
    return JSON.parse(sessionStorage.getItem(startsKey(uuid)) ?? '{}') as Partial<Record<Period, number>>;
  } catch {
    return {};
  }
}

const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, Math.round(value)));

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
    const starts = readStarts(uuid);
    const save = () => sessionStorage.setItem(startsKey(uuid), JSON.stringify(starts));
    const begin = (kind: Period) => {
      starts[kind] ??= clock.now();
      save();
    };
    const end = (kind: Period) => {
      const at = starts[kind];
      if (at === undefined) return;
      delete starts[kind];
      save();
      const duration = clock.now() - at;
      if (duration >= SHORTEST_SIGNAL_MS) say({ kind, at, duration_ms: clamp(duration, SIGNAL_LIMITS.maxDurationMs) });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        // Focus went with the page: the hidden period says it from here on.
        end('blur');
        begin('hidden');
      } else end('hidden');
    };
    const onBlur = () => {
      if (document.visibilityState === 'visible') begin('blur');
    };
    const onFocus = () => end('blur');
    const onOffline = () => begin('offline');
    const onOnline = () => end('offline');
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
    // A period that ran across a reload ends now, if it is over.
    if (navigator.onLine) end('offline');
    else begin('offline');
    if (document.visibilityState === 'visible') end('hidden');
    if (document.hasFocus()) end('blur');
    const listening: [EventTarget, string, (event: never) => void, boolean?][] = [
      [document, 'visibilitychange', onVisibility],
      [document, 'paste', onPaste, true],
      [window, 'blur', onBlur],
      [window, 'focus', onFocus],
      [window, 'offline', onOffline],
      [window, 'online', onOnline],
    ];
    for (const [target, type, listener, capture] of listening)
      target.addEventListener(type, listener as EventListener, capture);
    return () => {
      for (const [target, type, listener, capture] of listening) {
        target.removeEventListener(type, listener as EventListener, capture);
      }
    };
  }, [collects, running, runtime, uuid, clock]);

  // The device's clock, once per attempt: how far ahead of the server's (behind when negative).
  useEffect(() => {
    if (!collects || !running || localStorage.getItem(clockKey(uuid))) return;
    const ahead = Date.now() - clock.now();
    if (Math.abs(ahead) <= CLOCK_SIGNAL_MS) return;
    localStorage.setItem(clockKey(uuid), '1');
    keep(runtime, uuid, { kind: 'clock', at: clock.now(), duration_ms: clamp(ahead, SIGNAL_LIMITS.maxClockMs) });
  }, [collects, running, runtime, uuid, clock]);
}
