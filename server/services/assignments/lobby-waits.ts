/**
 * Lobby requests held until the tutor's signal. A signal given through this process wakes its
 * waiters at once; one given through another process (several behind a balancer) is seen by a
 * single read of the waited-on assignments every `pollMs`, however many devices wait on them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

interface Waiter {
  assignmentId: string;
  wake: () => void;
}

export class LobbyWaits {
  private readonly waiters = new Set<Waiter>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private polling = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly pollMs = 500,
  ) {}

  /** Resolves when the assignment is signalled or closed, or after `ms`, whichever comes first. */
  until(assignmentId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        assignmentId,
        wake: () => {
          clearTimeout(timeout);
          this.waiters.delete(waiter);
          if (this.waiters.size === 0) this.stopPolling();
          resolve();
        },
      };
      const timeout = setTimeout(waiter.wake, ms);
      this.waiters.add(waiter);
      this.startPolling();
    });
  }

  /** The assignment changed here (its signal, its closing): its waiters learn it now. */
  wake(assignmentId: string): void {
    for (const waiter of [...this.waiters]) if (waiter.assignmentId === assignmentId) waiter.wake();
  }

  close(): void {
    for (const waiter of [...this.waiters]) waiter.wake();
    this.stopPolling();
  }

  private startPolling() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref?.();
  }

  private stopPolling() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async poll() {
    if (this.polling || this.waiters.size === 0) return;
    this.polling = true;
    try {
      const ids = [...new Set([...this.waiters].map((w) => w.assignmentId))];
      const moved = await this.db
        .selectFrom('assignments')
        .select('id')
        .where('id', 'in', ids)
        .where((eb) => eb.or([eb('started_at', 'is not', null), eb('closed_at', 'is not', null)]))
        .execute();
      for (const { id } of moved) this.wake(id);
    } catch {
      // The database briefly away: the held requests end by their own timeout and ask again.
    } finally {
      this.polling = false;
    }
  }
}
