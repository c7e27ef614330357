import { test } from '@playwright/test';

/** The first port of the e2e servers (playwright.config.ts): own servers of a test take this plus a few. */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * The main server the running test's project is served by (playwright.config.ts runs one per
 * project, so that the projects run side by side): its address, port and data folder.
 */
export function mainServer(): { url: string; port: number; dataDir: string } {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('the project has no baseURL (playwright.config.ts sets one per project)');
  const port = Number(new URL(url).port);
  const dataDir = (JSON.parse(process.env.E2E_DATA_DIRS ?? '{}') as Record<string, string>)[port];
  if (!dataDir) throw new Error(`no data folder for the server on ${port} (playwright.config.ts sets E2E_DATA_DIRS)`);
  return { url, port, dataDir };
}
