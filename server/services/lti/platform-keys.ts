/**
 * A platform's key set, fetched from its JWKS URL by `jose` and cached; fetched again when a token
 * names a key it does not hold (the platform rotated), at most every 30 s. Plain HTTP only to this
 * machine (a test platform on loopback): a key set read in clear over a network could be anyone's.
 */
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a platform URL cannot be used, or null: https, or http to loopback. */
export function platformUrlProblem(value: string): 'notUrl' | 'notHttps' | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'notUrl';
  }
  if (url.protocol === 'https:') return null;
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname) ? null : 'notHttps';
}

const sets = new Map<string, JWTVerifyGetKey>();

/** `cooldownMs`: the least time between two fetches (tests set 0). */
export function platformKeys(jwksUrl: string, cooldownMs = 30_000): JWTVerifyGetKey {
  const problem = platformUrlProblem(jwksUrl);
  if (problem) throw new Error(`a platform's key set must be fetched over https (${problem}): ${jwksUrl}`);
  const key = `${cooldownMs} ${jwksUrl}`;
  let set = sets.get(key);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: cooldownMs, cacheMaxAge: 10 * 60_000 });
    sets.set(key, set);
  }
  return set;
}
