/**
 * A promise's answer, or a rejection once `ms` have passed without one: a wait that must end (a
 * readiness check on a hung database, a stop that may not outlast its orchestrator's patience).
 */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
