/** TRUST_PROXY, read and checked (server/config.ts). */
import { isIP } from 'node:net';

/** proxy-addr's names for whole ranges, as Fastify's `trustProxy` takes them. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: empty or "false" trusts no proxy; a whole number trusts that many hops in front;
 * otherwise a comma-separated list of addresses, CIDR ranges or range names. "true" is refused:
 * trusting every hop lets any client choose the address its limits are counted against.
 */
export function trustProxyOf(raw: string, problems: string[]): false | number | string[] {
  if (raw === '' || raw === 'false') return false;
  if (/^\d{1,2}$/.test(raw) && Number(raw) >= 1) return Number(raw);
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => {
    if (PROXY_RANGES.includes(entry)) return false;
    const [address, bits, ...rest] = entry.split('/');
    const version = isIP(address ?? '');
    if (version === 0 || rest.length > 0) return true;
    return bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
  });
  if (bad.length > 0 || raw === 'true') {
    problems.push(
      `TRUST_PROXY must be a hop count (1-99) or the proxies' addresses, ranges or ${PROXY_RANGES.join('/')}, comma-separated; got "${raw}"`,
    );
    return false;
  }
  return entries;
}
