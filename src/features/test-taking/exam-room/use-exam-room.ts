import { useCallback, useMemo, useRef, useState } from 'react';
import { type HeartbeatReceipt, roomStamp, type TakerMessage } from '../../../../contract/online.ts';

/** What the heartbeat hook needs of the exam room: the messages to acknowledge, and where to say what came. */
export interface RoomLink {
  /** The ids of messages shown here and not yet acknowledged to the server. */
  seen(): string[];
  /** Whether the test stands paused here: the device then asks often, to hear the resume soon. */
  paused(): boolean;
  /** The room's stamp as this device knows the room (contract's roomStamp): the server's, once all is heard. */
  stamp(): string;
  /** A heartbeat's answer arrived; `acknowledged`: the ids it carried, now known to the server. */
  heard(receipt: HeartbeatReceipt, acknowledged: readonly string[]): void;
}

interface Kept {
  messages: TakerMessage[];
  unacknowledged: string[];
  /** The pause as last heard: since when (server time), and when it was heard (server and here). */
  pause: { at: number; serverNow: number } | null;
}

const key = (uuid: string) => `zalik:room:${uuid}`;

function load(uuid: string): Kept {
  try {
    const kept = JSON.parse(localStorage.getItem(key(uuid)) ?? 'null') as Kept | null;
    if (kept && Array.isArray(kept.messages)) return kept;
  } catch {
    // Storage unreadable or full: the room starts empty, and the server sends again what was not acknowledged.
  }
  return { messages: [], unacknowledged: [], pause: null };
}

/**
 * The exam room as this device knows it (contract/exam-room.ts): the tutor's messages, kept with the
 * attempt so a reload still shows them, acknowledged with the next heartbeat (the tutor then sees
 * them delivered); and the pause. While paused the deadline the countdown and the finish read moves
 * on with time (`pausedFor`), so neither runs out; on resume the server's moved deadline takes over.
 */
export function useExamRoom(uuid: string) {
  const [kept, setKept] = useState(() => load(uuid));
  const ref = useRef(kept);
  // Where the page's monotonic clock stood when the pause was heard: its length grows from there.
  const heardAt = useRef(kept.pause ? performance.now() : 0);
  const save = useCallback(
    (next: Kept) => {
      ref.current = next;
      setKept(next);
      try {
        localStorage.setItem(key(uuid), JSON.stringify(next));
      } catch {
        // Kept in memory for this page all the same.
      }
    },
    [uuid],
  );
  const link = useMemo<RoomLink>(
    () => ({
      seen: () => [...ref.current.unacknowledged],
      paused: () => ref.current.pause !== null,
      stamp: () => roomStamp(ref.current.pause?.at ?? null, ref.current.messages.length),
      heard(receipt, acknowledged) {
        const now = ref.current;
        const known = new Set(now.messages.map((m) => m.id));
        const fresh = (receipt.messages ?? []).filter((m) => !known.has(m.id));
        const pausedAt = receipt.paused_at ?? null;
        // Each answer during a pause says the server's time anew: the pause's length counts from it.
        if (pausedAt !== null) heardAt.current = performance.now();
        save({
          messages: [...now.messages, ...fresh],
          unacknowledged: [...now.unacknowledged.filter((id) => !acknowledged.includes(id)), ...fresh.map((m) => m.id)],
          pause: pausedAt === null ? null : { at: pausedAt, serverNow: receipt.server_now },
        });
      },
    }),
    [save],
  );
  /** How long the test has been paused so far, ms (0 while running). */
  const pausedFor = useCallback(() => {
    const pause = ref.current.pause;
    return pause ? Math.max(0, pause.serverNow - pause.at) + (performance.now() - heardAt.current) : 0;
  }, []);
  return { messages: kept.messages, paused: kept.pause !== null, pausedFor, link };
}
