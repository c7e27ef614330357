import { type ChildProcess, spawn } from 'node:child_process';

export { freePort } from '../../server/test/ports.ts';

/** Starts a process and waits until an HTTP GET on `readyPath` answers. */
export async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  readyPath = '/',
  withinMs = 60_000,
): Promise<ChildProcess> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${readyPath}`);
      await res.arrayBuffer();
      // Any answer will do for `/`; `/ready` says yes only once the server can serve.
      if (readyPath !== '/ready' || res.ok) return child;
      await new Promise((r) => setTimeout(r, 200));
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${command} did not become ready on port ${port}`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
