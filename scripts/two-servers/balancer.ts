/**
 * The load balancer in front of the two servers, from Debian's packages, run with the example file
 * an operator would use (deploy/nginx-zalik.conf inside a minimal nginx.conf of this run's own, or
 * deploy/Caddyfile as it is), so that the check proves the file and not a copy of it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BALANCER_PORT } from './cluster.ts';

export type BalancerKind = 'nginx' | 'caddy';

export const BALANCER_FILES: Record<BalancerKind, string> = {
  nginx: resolve('deploy/nginx-zalik.conf'),
  caddy: resolve('deploy/Caddyfile'),
};

const BINARIES: Record<BalancerKind, string> = { nginx: 'nginx', caddy: 'caddy' };

export class Balancer {
  private readonly root = mkdtempSync(join(tmpdir(), 'zalik-balancer-'));
  private child: ChildProcess | null = null;
  private log = '';

  constructor(readonly kind: BalancerKind) {}

  private command(): [string, string[], Record<string, string>] {
    if (this.kind === 'caddy') {
      // Caddy keeps its state under XDG folders: this run's own.
      const env = { HOME: this.root, XDG_DATA_HOME: this.root, XDG_CONFIG_HOME: this.root };
      return ['caddy', ['run', '--config', BALANCER_FILES.caddy, '--adapter', 'caddyfile'], env];
    }
    for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(this.root, dir));
    const main = join(this.root, 'nginx.conf');
    writeFileSync(
      main,
      [
        // As root, workers would run as nobody, who may not write this run's temporary folders.
        process.getuid?.() === 0 ? 'user root;' : '',
        'worker_processes auto;',
        'worker_rlimit_nofile 65535;',
        'daemon off;',
        `pid ${join(this.root, 'nginx.pid')};`,
        'error_log stderr warn;',
        'events { worker_connections 16384; }',
        'http {',
        '  access_log off;',
        ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (dir) => `  ${dir === 'body' ? 'client_body' : dir}_temp_path ${join(this.root, dir)};`,
        ),
        `  include ${BALANCER_FILES.nginx};`,
        '}',
      ].join('\n'),
    );
    return ['nginx', ['-p', this.root, '-c', main], {}];
  }

  /** Whether the balancer's program is installed (`apt-get install -y nginx caddy`). */
  static installed(kind: BalancerKind): boolean {
    return spawnSync(BINARIES[kind], ['-v'], { stdio: 'ignore' }).error === undefined;
  }

  async start() {
    const [command, args, env] = this.command();
    if (this.kind === 'nginx') {
      const test = spawnSync(command, [...args, '-t'], { encoding: 'utf8' });
      if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
    }
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}:\n${this.log}`);
      const ready = await fetch(`http://127.0.0.1:${BALANCER_PORT}/ready`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${command} did not answer on port ${BALANCER_PORT}:\n${this.log}`);
  }

  async stop() {
    const child = this.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.root, { recursive: true, force: true });
  }
}
