import { type UpdateGuards, updateGuards } from './update-guard.ts';

/**
 * The state behind <UpdatePrompt />: whether a newer build can be applied, and how.
 * - ready: a new version is there ("Update now" / "Later");
 * - deferred: the person asked, but a guard blocks the reload; applied at the next safe moment;
 * - applying: the new version is taking over (the page reloads).
 */
export type UpdatePhase = 'none' | 'ready' | 'deferred' | 'applying';

export interface UpdateState {
  phase: UpdatePhase;
  /** "Later" (or "Hide" while deferred) was chosen: the prompt stays out of the way. */
  dismissed: boolean;
}

/** Applies the update: tells a waiting service worker to take over, or simply reloads. */
export type ApplyUpdate = () => void;

export interface UpdateStore {
  getState(): UpdateState;
  subscribe(listener: () => void): () => void;
  /** A newer build can be applied with `apply` (a later offer replaces an earlier one's `apply`). */
  offer(apply: ApplyUpdate): void;
  /** "Update now": applies at once, or defers while a guard blocks. */
  request(): void;
  dismiss(): void;
}

/** How often a deferred update looks again whether the guards let it through. */
export const SAFE_MOMENT_POLL_MS = 5_000;

const IDLE: UpdateState = { phase: 'none', dismissed: false };

export function createUpdateStore(guards: UpdateGuards = updateGuards, pollMs = SAFE_MOMENT_POLL_MS): UpdateStore {
  let state = IDLE;
  let apply: ApplyUpdate = () => window.location.reload();
  let stopWatching: (() => void) | null = null;
  const listeners = new Set<() => void>();

  const set = (next: UpdateState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };

  const applyNow = () => {
    stopWatching?.();
    set({ phase: 'applying', dismissed: false });
    apply();
  };

  const tryDeferred = () => {
    if (state.phase === 'deferred' && !guards.isBlocked()) applyNow();
  };

  const watchForSafeMoment = () => {
    if (stopWatching) return;
    const timer = setInterval(tryDeferred, pollMs);
    const stopListening = guards.onRelease(tryDeferred);
    stopWatching = () => {
      clearInterval(timer);
      stopListening();
      stopWatching = null;
    };
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    offer(nextApply) {
      apply = nextApply;
      if (state.phase === 'none') set({ phase: 'ready', dismissed: false });
    },
    request() {
      if (state.phase === 'none' || state.phase === 'applying') return;
      if (guards.isBlocked()) {
        set({ phase: 'deferred', dismissed: false });
        watchForSafeMoment();
        return;
      }
      applyNow();
    },
    dismiss() {
      if (state.phase !== 'none') set({ ...state, dismissed: true });
    },
  };
}

export const updateStore = createUpdateStore();
