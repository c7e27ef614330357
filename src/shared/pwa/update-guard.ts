/**
 * Update guards: code that must not lose work to a reload (a running test, answers not yet sent)
 * registers a guard; while any guard says so, Zalik does not reload for an update. The prompt then
 * says the update comes after the test, and it is applied at the next safe moment.
 */

/** Returns true while a reload would lose work (a test running, answers unsent). */
export type UpdateGuard = () => boolean;

export interface UpdateGuards {
  register(guard: UpdateGuard): () => void;
  isBlocked(): boolean;
  /** Called whenever a guard is removed: a good moment to look again. */
  onRelease(listener: () => void): () => void;
}

export function createUpdateGuards(): UpdateGuards {
  const guards = new Set<UpdateGuard>();
  const listeners = new Set<() => void>();
  return {
    register(guard) {
      guards.add(guard);
      return () => {
        if (!guards.delete(guard)) return;
        for (const listener of [...listeners]) listener();
      };
    },
    isBlocked() {
      for (const guard of guards) {
        try {
          if (guard()) return true;
        } catch (error) {
          // A guard that cannot tell is taken as "not now": losing a test is worse than a late update.
          console.error('An update guard failed', error);
          return true;
        }
      }
      return false;
    },
    onRelease(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const updateGuards = createUpdateGuards();

/**
 * Blocks reloads for an update while `fn()` returns true, e.g.
 * `useEffect(() => registerUpdateGuard(() => attempt.running || queue.size > 0), [attempt, queue])`.
 * Returns the function that removes the guard (an effect's cleanup); removing it lets a deferred
 * update go ahead at once if nothing else blocks it.
 */
export function registerUpdateGuard(fn: UpdateGuard): () => void {
  return updateGuards.register(fn);
}

export function isUpdateBlocked(): boolean {
  return updateGuards.isBlocked();
}
