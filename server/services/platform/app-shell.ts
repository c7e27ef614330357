/**
 * The built app's index.html for each path, with the route's preloads (app-shell/shell-preloads.ts).
 * Read once at start from dist/ and Vite's manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  preloadTable,
  type ShellRenderer,
  shellRenderer,
  type ViteManifest,
} from '../../../app-shell/shell-preloads.ts';

export type AppShell = ShellRenderer;

export function loadAppShell(distDir: string): AppShell | null {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const template = readFileSync(indexPath, 'utf8');
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  // Without a manifest (an unusual build) the shell still works, only without preloads.
  const manifest: ViteManifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  return shellRenderer(template, preloadTable(manifest));
}
