import { defineConfig } from 'vitest/config';

/** Two projects: the API (node, real database) and the React app (jsdom, fake IndexedDB). */
export default defineConfig({
  test: {
    // A worker per core. Vitest's own default in a run is one fewer, which on the project's 2-core
    // machines is one: every file in turn while the other core idles, though most files spend their
    // time waiting on the database, sockets and timers (a subset of 16 server files: 21 s → 15 s).
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'server',
          // The files of a worker share its imported modules: each file importing the whole server
          // afresh took more of the suite than its tests (132 s → 85 s on SQLite). The server's tests
          // keep no state in modules (each app, database and clock is made by its file: test/helpers.ts)
          // and mock no modules; the client's do (vi.mock), so they stay isolated.
          isolate: false,
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          // PostgreSQL tests share one server; files run in their own schemas, a few at a time.
          maxConcurrency: 4,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'client',
          environment: 'jsdom',
          include: [
            'src/**/*.test.{ts,tsx}',
            'workers/**/*.test.ts',
            'offline-queue/**/*.test.ts',
            'api-client/**/*.test.ts',
            'app-shell/**/*.test.ts',
          ],
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
