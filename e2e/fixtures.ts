import { test as base } from '@playwright/test';
import { type MainServer, mainServer, setMainServer, WORKER_PORT } from './e2e-server.ts';
import { OwnServer } from './own-server.ts';

// Everything a spec takes from Playwright, with `test` below in place of its own.
export * from '@playwright/test';

/**
 * Playwright's `test` with a server per worker: the built app served by the real server, with a
 * local OpenID provider, on a fresh database of the worker's own. Workers take spec files as they
 * come free, so no hand-balanced split is needed, and share nothing. Every spec imports `test` from
 * here (biome.json refuses `@playwright/test`'s in a spec).
 */
export const test = base.extend<object, { mainServer: MainServer }>({
  mainServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use) => {
      const server = new OwnServer(WORKER_PORT, {}, 'e2e/serve.ts');
      await server.start();
      setMainServer({ url: server.url, port: server.port, dataDir: server.dataDir });
      await use(mainServer());
      setMainServer(null);
      await server.stop();
    },
    { scope: 'worker', auto: true, timeout: 90_000 },
  ],
  baseURL: async ({ mainServer }, use) => use(mainServer.url),
});
