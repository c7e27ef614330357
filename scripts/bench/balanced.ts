/**
 * BENCH_BALANCER=nginx|caddy (`npm run bench:two-servers`): the exam day through a real load
 * balancer running the example file in deploy/ (scripts/two-servers/balancer.ts) in front of two
 * server processes on the ports that file names, each with a data folder of its own, over one
 * PostgreSQL (and Redis when REDIS_URL is set): every request of every taker and of the tutor goes to
 * the balancer's one port, round robin, as a school's would.
 */
import { join } from 'node:path';
import { Balancer, type BalancerKind } from '../two-servers/balancer.ts';
import { BALANCER_PORT, SERVER_PORTS } from '../two-servers/cluster.ts';
import { freePort } from './processes.ts';

const kind = process.env.BENCH_BALANCER?.trim() as BalancerKind | undefined;
export const BALANCER: BalancerKind | null = kind === 'nginx' || kind === 'caddy' ? kind : null;
if (kind && !BALANCER) throw new Error('BENCH_BALANCER must be nginx or caddy');
if (BALANCER && !process.env.DATABASE_URL) throw new Error('BENCH_BALANCER needs DATABASE_URL: the servers share it');

/** The port of server `index`: the example file's with a balancer, any free one without. */
export const serverPort = async (index: number) => (BALANCER ? (SERVER_PORTS[index] as number) : freePort());

/** Behind a balancer each server has a data folder of its own, as on machines of their own. */
export const ownData = (dataDir: string, port: number): Record<string, string> =>
  BALANCER ? { DATA_DIR: join(dataDir, `server-${port}`), TRUST_PROXY: 'loopback' } : {};

/** Where the load goes: the balancer in front of the servers, or the servers themselves. */
export async function frontOf(ports: number[]): Promise<{ targets: number[]; stop: () => Promise<void> }> {
  if (!BALANCER) return { targets: ports, stop: async () => {} };
  if (ports.length !== SERVER_PORTS.length)
    throw new Error(`BENCH_BALANCER runs ${SERVER_PORTS.length} servers: set BENCH_SERVERS=2`);
  const balancer = new Balancer(BALANCER);
  await balancer.start();
  console.log(`${BALANCER} on ${BALANCER_PORT} in front of the servers on ${ports.join(' and ')}`);
  return { targets: [BALANCER_PORT], stop: () => balancer.stop() };
}
