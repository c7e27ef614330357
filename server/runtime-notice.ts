/** The Node line Zalik runs on: the current LTS, brought from the npm registry where it can be. */
export const RUNTIME_MAJOR = 24;

/**
 * What to tell an operator whose scripts run on an older Node than Zalik's (no registry package of
 * Node 24 for their platform, and an older Node of their own), or null when the runtime is right.
 */
export function runtimeNotice(version: string, platform: string, arch: string): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= RUNTIME_MAJOR) return null;
  return (
    `Zalik runs on Node ${RUNTIME_MAJOR}, but this is Node ${version}: the npm registry has no Node ` +
    `${RUNTIME_MAJOR} package for ${platform}-${arch}. Install Node ${RUNTIME_MAJOR} or newer ` +
    '(docs/deployment.md, "The runtime"); Node 20 no longer has security fixes.'
  );
}
