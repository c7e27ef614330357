/**
 * Which build this page runs, and which one the server has now. The build writes /build.json
 * (`{version, builtAt}`, see vite.config.ts) and bakes the same version into the app as
 * `__ZALIK_BUILD__`; a different version on the server means a newer build is out.
 */
declare const __ZALIK_BUILD__: string | undefined;

export const BUILD_VERSION: string = typeof __ZALIK_BUILD__ === 'string' ? __ZALIK_BUILD__ : 'dev';
export const BUILD_INFO_URL = `${import.meta.env.BASE_URL}build.json`;

export interface BuildInfo {
  version: string;
  builtAt: string;
}

function isBuildInfo(value: unknown): value is BuildInfo {
  if (typeof value !== 'object' || value === null) return false;
  const { version, builtAt } = value as Record<string, unknown>;
  return typeof version === 'string' && version !== '' && typeof builtAt === 'string';
}

/**
 * The server's build.json, straight from the network (never the HTTP cache, and the service worker
 * does not cache it either); null when it cannot be had (offline, no build, a bad answer).
 */
export async function fetchLatestBuild(fetchImpl: typeof fetch = fetch): Promise<BuildInfo | null> {
  try {
    const response = await fetchImpl(BUILD_INFO_URL, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isBuildInfo(body) ? body : null;
  } catch {
    return null;
  }
}

/** True when the server has a build other than the one running here (newer, or rolled back to). */
export function isNewerBuild(latest: BuildInfo | null, current: string = BUILD_VERSION): latest is BuildInfo {
  return latest !== null && latest.version !== current;
}
