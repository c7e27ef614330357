/**
 * Each Playwright worker has a main server of its own (e2e/fixtures.ts starts it), on a port of its
 * own: the worker's first port. A test's own servers and proxies take that port plus 1 to 20
 * (`ownPort`), so that two workers never share a server, a database or a port.
 */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);
/** How far apart the workers' ports are: room for the main server and its test's own ones. */
const PORTS_PER_WORKER = 50;

/** The running worker's first port (Playwright numbers its workers side by side from 0). */
export const WORKER_PORT = FIRST_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0) * PORTS_PER_WORKER;

/** The port of a test's own server or proxy, 1 to 20 past its worker's main server. */
export function ownPort(offset: number): number {
  if (!Number.isInteger(offset) || offset < 1 || offset > 20) throw new Error(`own ports are 1 to 20, not ${offset}`);
  return WORKER_PORT + offset;
}

export interface MainServer {
  url: string;
  port: number;
  dataDir: string;
}

let running: MainServer | null = null;

/** Said by the worker's fixture once its server is up. */
export function setMainServer(server: MainServer | null) {
  running = server;
}

/** The running worker's main server: its address, port and data folder. */
export function mainServer(): MainServer {
  if (!running) throw new Error('no main server: import `test` from e2e/fixtures.ts, whose worker fixture starts it');
  return running;
}
