/**
 * A platform's key set, read from its JWKS URL (platform-json.ts) and kept ten minutes. A token
 * naming a `kid` the kept set lacks (the platform rotated its key) reads the set again at once, so
 * the first launch under a new key passes; but defensively, since anyone can put any `kid` in a
 * token's header: a kid the set was read again for is not read again for within five minutes, and
 * at most three such reads of one platform's set happen in a minute, however many unknown kids come.
 * Plain HTTP only to this machine (a test platform on loopback): a key set read in clear over a
 * network could be anyone's.
 */
import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { platformJson } from './platform-json.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** How long a set is used before it is read again (a platform's keys change seldom). */
export const KEY_SET_MAX_AGE_MS = 10 * 60_000;
/** A kid the set was read again for is not read again for within this. */
export const KID_QUIET_MS = 5 * 60_000;
/** At most this many reads for unknown kids of one set in any `REFETCH_WINDOW_MS`. */
export const MAX_REFETCHES = 3;
export const REFETCH_WINDOW_MS = 60_000;

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

/** The platform's key set could not be read (unreachable, an error status, not a key set). */
export class KeySetUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`the platform's key set could not be read: ${reason}`);
    this.name = 'KeySetUnavailable';
  }
}

interface Read {
  find: JWTVerifyGetKey;
  at: number;
}

const noMatch = (error: unknown) => error instanceof errors.JWKSNoMatchingKey;

/** One platform's key set, as `jose` takes it (the key for a token's header). */
class PlatformKeySet {
  private read: Read | null = null;
  private reading: Promise<Read> | null = null;
  /** When each kid was last read again for. */
  private readonly triedKids = new Map<string, number>();
  /** When each read for an unknown kid happened, within the window. */
  private refetches: number[] = [];

  constructor(
    private readonly url: string,
    private readonly now: () => number,
  ) {}

  readonly getKey: JWTVerifyGetKey = async (header, token) => {
    const kept = this.read;
    const used = kept && this.now() - kept.at < KEY_SET_MAX_AGE_MS ? kept : await this.readAgain();
    try {
      return await used.find(header, token);
    } catch (error) {
      if (!noMatch(error)) throw error;
    }
    // Another launch under the same new key may have read the set meanwhile: that read first.
    const latest = this.reading ? await this.reading : this.read;
    if (latest && latest !== used) {
      try {
        return await latest.find(header, token);
      } catch (error) {
        if (!noMatch(error)) throw error;
      }
    }
    // A set read for this very token (none was kept, or it was too old) is not read again for it.
    if (used !== kept || !this.mayReadAgainFor(header.kid ?? '')) throw new errors.JWKSNoMatchingKey();
    return (await this.readAgain()).find(header, token);
  };

  /** Counts the read for `kid` when it is allowed: once per kid in its quiet time, a few per window. */
  private mayReadAgainFor(kid: string): boolean {
    const now = this.now();
    for (const [tried, at] of this.triedKids) if (now - at >= KID_QUIET_MS) this.triedKids.delete(tried);
    this.refetches = this.refetches.filter((at) => now - at < REFETCH_WINDOW_MS);
    if (this.triedKids.has(kid) || this.refetches.length >= MAX_REFETCHES) return false;
    this.triedKids.set(kid, now);
    this.refetches.push(now);
    return true;
  }

  /** One read at a time: launches arriving while the set is read wait for that read. */
  private readAgain(): Promise<Read> {
    this.reading ??= this.fetchSet().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async fetchSet(): Promise<Read> {
    const json = await platformJson(
      this.url,
      { method: 'GET', headers: { accept: 'application/json, application/jwk-set+json' } },
      (reason) => new KeySetUnavailable(reason),
    );
    let find: JWTVerifyGetKey;
    try {
      find = createLocalJWKSet(json as JSONWebKeySet);
    } catch {
      throw new KeySetUnavailable('not a key set');
    }
    this.read = { find, at: this.now() };
    return this.read;
  }
}

/** The key sets of the platforms, one per JWKS URL, kept for the life of the process. */
export class PlatformKeySets {
  private readonly sets = new Map<string, PlatformKeySet>();

  constructor(private readonly now: () => number) {}

  for(jwksUrl: string): JWTVerifyGetKey {
    const problem = platformUrlProblem(jwksUrl);
    if (problem) throw new Error(`a platform's key set must be fetched over https (${problem}): ${jwksUrl}`);
    let set = this.sets.get(jwksUrl);
    if (!set) {
      set = new PlatformKeySet(jwksUrl, this.now);
      this.sets.set(jwksUrl, set);
    }
    return set.getKey;
  }
}
