/**
 * Lobby requests held until the tutor's signal. A signal given through this process wakes its
 * waiters at once; one given through another process (several behind a balancer) is seen by a
 * single read of the waited-on assignments every `pollMs`, however many devices wait on them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Job, JobRunner } from '../platform/job-runner.ts';

interface Waiter {
  assignmentId: string;
  wake: () => void;
}

export class LobbyWaits {
  private readonly waiters = new Set<Waiter>();
  /** The app's job runner polls while anyone waits (and never two reads at once). */
  private readonly poller: Job;

  constructor(
    private readonly db: Kysely<Database>,
    jobs: JobRunner,
    pollMs = 500,
  ) {
    this.poller = jobs.add({
      name: 'lobby-poll',
      schedule: { everyMs: pollMs },
      onDemand: true,
      run: () => this.poll(),
    });
  }

  /** Resolves when the assignment is signalled or closed, or after `ms`, whichever comes first. */
  until(assignmentId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        assignmentId,
        wake: () => {
          clearTimeout(timeout);
          this.waiters.delete(waiter);
          if (this.waiters.size === 0) this.poller.stop();
          resolve();
        },
      };
      const timeout = setTimeout(waiter.wake, ms);
      this.waiters.add(waiter);
      this.poller.start();
    });
  }

  /** The assignment changed here (its signal, its closing): its waiters learn it now. */
  wake(assignmentId: string): void {
    for (const waiter of [...this.waiters]) if (waiter.assignmentId === assignmentId) waiter.wake();
  }

  close(): void {
    for (const waiter of [...this.waiters]) waiter.wake();
    this.poller.stop();
  }

  /**
   * Wakes the waiters of the assignments signalled or closed elsewhere. A failed read (the database
   * briefly away) is the job's failure; the held requests end by their own timeout and ask again.
   */
  private async poll(): Promise<null> {
    if (this.waiters.size === 0) return null;
    const ids = [...new Set([...this.waiters].map((w) => w.assignmentId))];
    const moved = await this.db
      .selectFrom('assignments')
      .select('id')
      .where('id', 'in', ids)
      .where((eb) => eb.or([eb('started_at', 'is not', null), eb('closed_at', 'is not', null)]))
      .execute();
    for (const { id } of moved) this.wake(id);
    return null;
  }
}
