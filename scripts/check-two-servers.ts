/**
 * `npm run check:two-servers`: two independent Zalik servers (`npm start` twice, each its own data
 * folder, ports 3001 and 3002) over one PostgreSQL, Redis and image store, behind a real load
 * balancer from Debian's packages running the example file in deploy/ (round robin, no sticky
 * sessions), on port 8080. For each balancer (nginx, then Caddy; `-- --balancer nginx` for one):
 * a picture uploaded through one server is seen through the other; takers in the lobby on both start
 * on one signal; the monitor through one shows answers written through the other within 2 s; limits
 * count across both; one server stopped (SIGTERM) and the other killed (SIGKILL) mid-exam lose no
 * answer. `-- --images bucket` keeps the images in an S3-compatible bucket (s3rver) instead of
 * PostgreSQL. Needs PostgreSQL (DATABASE_URL, or the local one), Redis (REDIS_URL, or the local one)
 * and `apt-get install -y nginx caddy`. Exits 1 on the first check that fails.
 */
import { createConnection } from 'node:net';
import { parseArgs } from 'node:util';
import { Balancer, type BalancerKind } from './two-servers/balancer.ts';
import { giveThroughA, limitsAcross, lobbyOnBoth, monitorAcross, pictureSeenThroughB } from './two-servers/checks.ts';
import { BALANCER_PORT, Cluster, SERVER_PORTS } from './two-servers/cluster.ts';
import { stopAndKillMidExam } from './two-servers/outage.ts';

const { values } = parseArgs({
  options: { balancer: { type: 'string', default: 'both' }, images: { type: 'string', default: 'database' } },
});
const kinds: BalancerKind[] = values.balancer === 'both' ? ['nginx', 'caddy'] : [values.balancer as BalancerKind];
if (!kinds.every((kind) => kind === 'nginx' || kind === 'caddy') || !['database', 'bucket'].includes(values.images)) {
  console.error('Usage: npm run check:two-servers -- [--balancer nginx|caddy|both] [--images database|bucket]');
  process.exit(1);
}
const missing = kinds.filter((kind) => !Balancer.installed(kind));
if (missing.length) {
  console.error(`${missing.join(' and ')} not installed: apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
}

const taken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => resolve(socket.destroy() === socket));
    socket.once('error', () => resolve(false));
  });
for (const port of [...SERVER_PORTS, BALANCER_PORT]) {
  if (await taken(port)) {
    console.error(`Port ${port} is in use: the example files name 3001, 3002 and 8080; free them first.`);
    process.exit(1);
  }
}

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const cluster = new Cluster({ images: values.images as 'database' | 'bucket' });
let failed = false;
try {
  console.log(`two servers (PostgreSQL schema ${cluster.schema}, images in the ${values.images}) starting…`);
  await cluster.start();
  console.log(`servers on ${SERVER_PORTS.join(' and ')} ready (${elapsed()})`);
  for (const kind of kinds) {
    const balancer = new Balancer(kind);
    await balancer.start();
    console.log(
      `\n${kind} on ${BALANCER_PORT} in front of both (deploy/${kind === 'nginx' ? 'nginx-zalik.conf' : 'Caddyfile'})`,
    );
    try {
      const signalled = await giveThroughA('signal', kind);
      console.log(`✓ ${await pictureSeenThroughB(signalled)}`);
      const lobby = await lobbyOnBoth(signalled, cluster);
      console.log(`✓ ${lobby.line}`);
      console.log(`✓ ${await monitorAcross(signalled, lobby.takers)}`);
      console.log(`✓ ${await limitsAcross(kind)}`);
      const open = await giveThroughA('window', kind);
      console.log(`✓ ${await stopAndKillMidExam(open, cluster, (line) => console.log(line))}`);
    } finally {
      await balancer.stop();
    }
    console.log(`${kind}: every check passed (${elapsed()})`);
  }
} catch (error) {
  failed = true;
  console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await cluster.close();
}
console.log(failed ? `\nFAIL (${elapsed()})` : `\nPASS: two servers behind ${kinds.join(' and ')} (${elapsed()})`);
process.exit(failed ? 1 : 0);
