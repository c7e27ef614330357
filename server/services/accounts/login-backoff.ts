/**
 * Growing delays for sign-ins to one account, from any address: the first `FREE_ATTEMPTS` failed
 * attempts cost nothing; after that each attempt waits 1 s, 2 s, 4 s … (at most `MAX_DELAY_MS`)
 * after the last one. No account is ever locked: its owner, from anywhere, gets in once the delay
 * is over, while a guesser spread over many addresses gets a couple of tries a minute. An attempt
 * counts as failed from the moment it is let through (so that a burst cannot slip in before the
 * first failure is written); a successful sign-in wipes the count. Unknown addresses are counted the
 * same way, so the delays tell nobody whether an account exists.
 *
 * Counts live in this process, or in Redis when several processes serve (the check and the count
 * are one atomic script there). Without a reachable Redis the check lets the attempt through:
 * the per-address limits still hold.
 */
import type { Redis } from 'ioredis';

export const FREE_ATTEMPTS = 5;
const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 30_000;
/** A count is forgotten this long after its last attempt. */
const FORGET_AFTER_MS = 15 * 60_000;

function delayAfter(attempts: number): number {
  if (attempts < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (attempts - FREE_ATTEMPTS));
}

export interface LoginBackoff {
  /** Counts an attempt on `key` and returns 0, or refuses it and returns the ms left to wait. */
  attempt(key: string): Promise<number>;
  /** The account's owner got in: the count starts again. */
  succeeded(key: string): Promise<void>;
}

export function memoryBackoff(now: () => number): LoginBackoff {
  const counts = new Map<string, { attempts: number; lastAt: number }>();
  const prune = (at: number) => {
    for (const [key, entry] of counts) if (at - entry.lastAt > FORGET_AFTER_MS) counts.delete(key);
  };
  return {
    async attempt(key) {
      const at = now();
      let entry = counts.get(key);
      if (entry && at - entry.lastAt > FORGET_AFTER_MS) entry = undefined;
      const attempts = entry?.attempts ?? 0;
      const wait = entry ? entry.lastAt + delayAfter(attempts) - at : 0;
      if (wait > 0) return wait;
      counts.set(key, { attempts: attempts + 1, lastAt: at });
      if (counts.size > 100_000) prune(at);
      return 0;
    },
    async succeeded(key) {
      counts.delete(key);
    },
  };
}

// KEYS[1]: the count; ARGV: now, free attempts, first delay, max delay, forget after (all ms).
const ATTEMPT_SCRIPT = `
local attempts = tonumber(redis.call('HGET', KEYS[1], 'attempts') or '0')
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local now = tonumber(ARGV[1])
if attempts >= tonumber(ARGV[2]) then
  local delay = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ (attempts - tonumber(ARGV[2])))
  if now < last + delay then return last + delay - now end
end
redis.call('HSET', KEYS[1], 'attempts', attempts + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[5]))
return 0
`;

export function redisBackoff(
  redis: Redis,
  prefix: string,
  now: () => number,
  onError: (error: unknown) => void,
): LoginBackoff {
  return {
    async attempt(key) {
      try {
        const wait = await redis.eval(
          ATTEMPT_SCRIPT,
          1,
          `${prefix}backoff:${key}`,
          now(),
          FREE_ATTEMPTS,
          FIRST_DELAY_MS,
          MAX_DELAY_MS,
          FORGET_AFTER_MS,
        );
        return Number(wait) || 0;
      } catch (error) {
        onError(error);
        return 0;
      }
    },
    async succeeded(key) {
      await redis.del(`${prefix}backoff:${key}`).catch(onError);
    },
  };
}
